import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { SCORM_LIMITS } from '../../../../shared/constants.ts';
import { AppError } from '../../../http/errors.ts';

export interface ScormLimits {
  unpackedBytes: number;
  entries: number;
}

/** The compressed zip is fed to the unzipper in slices this big, so one push inflates to at most ~1000 times it. */
const SLICE = 16 * 1024;

export const tooLarge = (limits: ScormLimits) =>
  new AppError('SCORM_TOO_LARGE', 422, 'scorm.tooLarge', {
    params: { mb: Math.round(limits.unpackedBytes / (1024 * 1024)), entries: limits.entries.toLocaleString('da-DK') },
  });
const unsafe = (path: string) => new AppError('SCORM_UNSAFE_PATH', 422, 'scorm.unsafePath', { params: { path: path.slice(0, 200) } });
const notAZip = () => new AppError('SCORM_NOT_A_ZIP', 422, 'scorm.notAZip');

/**
 * A path inside the package as a browser will ask for it: forward slashes, no leading slash, no
 * `.` or `..` segment, no drive letter, backslash or control character. Anything else could point
 * outside the package once stored (zip slip), and is refused.
 */
export function safePackagePath(name: string): string | null {
  if (name.length === 0 || name.length > 1000) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here.
  if (/[\u0000-\u001f\\]/.test(name) || name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return null;
  const segments = name.split('/');
  if (segments.some((s, i) => s === '.' || s === '..' || (s === '' && i !== segments.length - 1))) return null;
  return name;
}

/**
 * Unpacks a zip to its files, counting every entry and unpacked byte as they come rather than
 * trusting the sizes the zip claims: past `limits` it stops with a 422. Folders are dropped; a path
 * that could point outside the package refuses the whole package.
 */
export async function unpack(bytes: Uint8Array, limits: ScormLimits = SCORM_LIMITS): Promise<Map<string, Uint8Array>> {
  // A zip starts with a local file header (PK\3\4); an empty zip is no package either.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 3 || bytes[3] !== 4) throw notAZip();
  const files = new Map<string, Uint8Array>();
  let entries = 0;
  let unpacked = 0;
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    if (++entries > limits.entries) return fail(tooLarge(limits));
    if (file.name.endsWith('/')) return;
    const path = safePackagePath(file.name);
    if (!path) return fail(unsafe(file.name));
    if (files.has(path)) return fail(unsafe(file.name));
    if (file.originalSize !== undefined && file.originalSize > limits.unpackedBytes - unpacked) return fail(tooLarge(limits));
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) return fail(notAZip());
      unpacked += data.length;
      if (unpacked > limits.unpackedBytes) {
        file.terminate();
        return fail(tooLarge(limits));
      }
      chunks.push(data);
      if (final) files.set(path, concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  let sinceYield = 0;
  for (let offset = 0; offset < bytes.length && !failure; offset += SLICE) {
    try {
      unzip.push(bytes.subarray(offset, offset + SLICE), offset + SLICE >= bytes.length);
    } catch {
      fail(notAZip());
    }
    // Unpacking is synchronous work: let other requests in now and then.
    if ((sinceYield += SLICE) >= 256 * 1024) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (failure) throw failure;
  return files;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
