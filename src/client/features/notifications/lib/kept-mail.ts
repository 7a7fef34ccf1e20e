import { NOTIFICATION_KINDS, type NotificationKind } from '@shared/notification-kinds.ts';
import { ApiError, parseErrorBody } from '@/lib/api-client';

/** Where the dev mailbox keeps its key for the tab's life, so a reload needs no link again. */
export const DEV_MAIL_KEY_STORAGE = 'kursa.devMailKey';

/** The key a `#key=…` fragment carries, if any. */
export function keyFromHash(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key ? key : null;
}

/**
 * A kept mail's HTML for a sandboxed frame: its links open in the top window (the frame may not run
 * script or reach this page, but a person's click may take the whole tab where the mail leads).
 */
export function htmlForFrame(html: string): string {
  const base = '<base target="_top">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}

/** A mail's kind as a known notification kind, for its name; other mails (a login code, an invitation) keep theirs. */
export function notificationKind(kind: string): NotificationKind | undefined {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind) ? (kind as NotificationKind) : undefined;
}

/** A GET of the dev mailbox, with its key; a refusal is an ApiError like any other call's. */
export async function devMailGet<T>(path: string, key: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json', 'X-Dev-Mail-Key': key },
    credentials: 'same-origin',
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parseErrorBody(text));
  return JSON.parse(text) as T;
}
