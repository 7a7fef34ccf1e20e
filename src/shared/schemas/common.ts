import { z } from 'zod';

/** The one error body every 4xx/5xx answer has (the server turns every AppError into { message, code, errors? }). */
export const ZErrorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;

/**
 * Control characters (C0 except tab and newline, DEL, C1). PostgreSQL refuses NUL in text and the
 * rest have no business in a name, an address or a password, so every text field refuses them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * The one string every text field of every schema starts from: `key` is the message for a value
 * that is not a string; control characters get 'http.controlCharacters' under the field's name.
 * A carriage return (Windows line ends, a pasted text) becomes a newline, except where the value
 * is compared byte for byte (passwords: `normaliseNewlines: false`), where it is refused.
 */
export function safeString(key: string = 'http.invalidValue', options: { normaliseNewlines?: boolean } = {}) {
  const base = z.string({ error: key });
  const normalised = options.normaliseNewlines === false ? base : base.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  return normalised.refine((v) => !hasControlCharacters(v), { error: 'http.controlCharacters', abort: true });
}

export const ZIdParams = z.object({ id: safeString().min(1).max(64) });

/** A trimmed string with a minimum length; `key` is the message key shown when it is too short. */
export function text(min: number, max: number, key: string) {
  return safeString(key).trim().min(min, { error: key }).max(max, { error: 'profile.tooLong' });
}

export function emailField(key: string) {
  return safeString(key)
    .trim()
    .toLowerCase()
    .max(254, { error: key })
    .pipe(z.email({ error: key }));
}

/** Phone numbers: at least 8 characters of digits, spaces, +, -, parentheses. */
export function phoneField(key: string) {
  return safeString(key)
    .trim()
    .min(8, { error: key })
    .max(30, { error: key })
    .regex(/^\+?[\d\s\-()]+$/, { error: key });
}

/** A password as typed: never trimmed or rewritten, so a carriage return is refused, not changed. */
export function passwordString(key: string) {
  return safeString(key, { normaliseNewlines: false });
}
