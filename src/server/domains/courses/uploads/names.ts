/**
 * The user's file name, kept only to name the file again when it is downloaded: no path, no
 * control or bidirectional-override characters, at most 200 characters, and ending in the
 * extension of what the bytes say it is (so "report.exe" that is really a PDF downloads as
 * "report.exe.pdf").
 */
export function cleanOriginalName(name: string | undefined, extension: string): string {
  let base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  base = base.replace(/[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '').trim();
  base = base.replace(/^\.+/, '').slice(0, 200).trim();
  if (base === '') base = 'file';
  const lower = base.toLowerCase();
  const same = lower.endsWith(`.${extension}`) || (extension === 'jpg' && lower.endsWith('.jpeg'));
  return same ? base : `${base}.${extension}`;
}

/**
 * A Content-Disposition header (RFC 6266): an ASCII `filename` for old clients and the exact name
 * as RFC 5987 `filename*` (UTF-8, percent-encoded) for everyone else.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[^\x20-\x7E]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
