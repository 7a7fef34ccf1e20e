import { z } from 'zod';
import { safeString } from './common.ts';
import { outboundUrl } from './webhooks.ts';

/** A company's learning record store and the xAPI statements sent to it (docs/decisions/063-xapi.md). */

export const ZXapiSettings = z.object({
  /** The company's own LRS (its statements resource is `<endpoint>/statements`); null when none is set. */
  endpoint: z.string().nullable(),
  username: z.string().nullable(),
  /** A password is kept (it is never answered). */
  hasPassword: z.boolean(),
  /** Paused: nothing new is sent or queued; what waits stays queued. */
  active: z.boolean(),
  /** The installation sends to an LRS of its own (XAPI_ENDPOINT) for companies that set none. */
  installationEndpoint: z.boolean(),
  /** The statements of the last 30 days by state, the last one sent and the last failure. */
  queue: z.object({
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    lastSentAt: z.string().nullable(),
    lastError: z.string().nullable(),
  }),
});
export type TXapiSettings = z.infer<typeof ZXapiSettings>;

export const ZSaveXapiRequest = z.object({
  endpoint: outboundUrl('xapi.endpointInvalid'),
  username: safeString('xapi.usernameRequired')
    .trim()
    .min(1, { error: 'xapi.usernameRequired' })
    .max(200, { error: 'profile.tooLong' })
    // Basic credentials end the username at the first colon.
    .refine((value) => !value.includes(':'), { error: 'xapi.usernameColon' }),
  /** Left out: the kept password stays. */
  password: safeString('xapi.passwordRequired')
    .min(1, { error: 'xapi.passwordRequired' })
    .max(500, { error: 'profile.tooLong' })
    .optional(),
  active: z.boolean(),
});
export type TSaveXapiRequest = z.infer<typeof ZSaveXapiRequest>;

export const ZXapiTestResult = z.object({
  /** The LRS stored the statement (it answered 2xx). */
  ok: z.boolean(),
  /** The LRS's HTTP status, when it answered. */
  status: z.number().int().nullable(),
  /** The start of its answer, or why no answer came. */
  message: z.string().nullable(),
});
export type TXapiTestResult = z.infer<typeof ZXapiTestResult>;

export const ZXapiRetried = z.object({ requeued: z.number().int() });
export type TXapiRetried = z.infer<typeof ZXapiRetried>;
