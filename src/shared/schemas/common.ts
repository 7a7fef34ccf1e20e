import { z } from 'zod';

/** The one error body every 4xx/5xx answer has (DESIGN.md: AppError → { message, code, errors? }). */
export const ZErrorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;

export const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** A trimmed string with a minimum length; `key` is the message key shown when it is too short. */
export function text(min: number, max: number, key: string) {
  return z.string({ error: key }).trim().min(min, { error: key }).max(max, { error: 'profile.tooLong' });
}

export function emailField(key: string) {
  return z.string({ error: key }).trim().toLowerCase().max(254, { error: key }).pipe(z.email({ error: key }));
}

/** Phone numbers: at least 8 characters (SPEC §5) of digits, spaces, +, -, parentheses. */
export function phoneField(key: string) {
  return z
    .string({ error: key })
    .trim()
    .min(8, { error: key })
    .max(30, { error: key })
    .regex(/^\+?[\d\s\-()]+$/, { error: key });
}
