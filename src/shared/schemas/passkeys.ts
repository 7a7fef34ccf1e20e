import { z } from 'zod';

/** base64url, as WebAuthn's JSON forms carry binary values. */
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/**
 * What the browser's navigator.credentials.create() gave, as its toJSON() writes it: the
 * attestation for a new passkey. Fields the server does not read are dropped.
 */
export const ZPasskeyRegistration = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** What navigator.credentials.get() gave, as its toJSON() writes it: a signed assertion. */
export const ZPasskeyAssertion = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(2048),
    userHandle: b64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/**
 * The options a ceremony starts with (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON): handed to the browser as they are.
 */
export const ZPasskeyOptions = z.looseObject({ challenge: z.string() });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptions>;

const name = z.string().trim().min(1, { error: 'passkeys.nameMissing' }).max(60, { error: 'passkeys.nameTooLong' });

/** POST /api/me/2fa/passkeys: the new passkey and the name the person gives it. */
export const ZPasskeyAdd = z.strictObject({ name, credential: ZPasskeyRegistration });

/** PATCH /api/me/2fa/passkeys/:id. */
export const ZPasskeyRename = z.strictObject({ name });

/** One of a person's passkeys as they see it: never its key. */
export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

/** GET /api/me/2fa/passkeys. */
export const ZPasskeyList = z.object({ passkeys: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;

/** POST /api/me/2fa/passkeys: the passkey, and recovery codes when it was the person's first second factor (shown once). */
export const ZPasskeyAdded = z.object({ passkey: ZPasskey, recoveryCodes: z.array(z.string()).optional() });
export type TPasskeyAdded = z.infer<typeof ZPasskeyAdded>;

/** POST /api/login/2fa/passkey: the passkey's assertion, as a login's second step. */
export const ZPasskeySecondFactor = z.strictObject({ credential: ZPasskeyAssertion });

/** POST /api/login/passkey: a passwordless login with a passkey. */
export const ZPasskeyLogin = z.strictObject({ credential: ZPasskeyAssertion, rememberMe: z.boolean().default(false) });
