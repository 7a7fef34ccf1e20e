import { z } from 'zod';

/** GET /api/me/2fa: whether the person signs in with a second factor, and how many recovery codes are left. */
export const ZTwoFactorStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/me/2fa/totp: a new secret for an authenticator app, as text and as a QR code (SVG). */
export const ZTotpSetup = z.object({
  secret: z.string(),
  uri: z.string(),
  qrSvg: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetup>;

const code = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'twoFactor.codeFormat' }));

/** POST /api/me/2fa/totp/confirm: the first code the app shows, proving it was set up. */
export const ZTotpConfirm = z.strictObject({ code });

/** POST /api/me/2fa/totp/confirm, and new recovery codes: shown once, never again. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** DELETE /api/me/2fa/totp and new recovery codes: the password, as for any change of credentials. */
export const ZTwoFactorPassword = z.strictObject({ password: z.string().min(1).max(1024) });

/** POST /api/login/2fa: the app's code, or one of the recovery codes. */
export const ZLoginSecondFactor = z.union([z.strictObject({ code }), z.strictObject({ recoveryCode: z.string().trim().min(4).max(40) })]);
export type TLoginSecondFactor = z.infer<typeof ZLoginSecondFactor>;

/** The kinds of second factor a person can give: the authenticator app's code, a passkey. */
export const TWO_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** POST /api/login when the password was right and a second factor is needed: no session yet; which kinds the person has. */
export const ZTwoFactorRequired = z.object({ twoFactorRequired: z.literal(true), methods: z.array(z.enum(TWO_FACTOR_METHODS)) });
export type TTwoFactorRequired = z.infer<typeof ZTwoFactorRequired>;

/** POST /api/login when the company requires a second factor the person has not set up: no session until they do. */
export const ZTwoFactorSetupRequired = z.object({ twoFactorSetupRequired: z.literal(true) });
export type TTwoFactorSetupRequired = z.infer<typeof ZTwoFactorSetupRequired>;

export const TWO_FACTOR_POLICIES = ['off', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** GET/PUT /api/organisation/two-factor: whom the company requires a second factor of. */
export const ZTwoFactorPolicy = z.strictObject({ policy: z.enum(TWO_FACTOR_POLICIES) });
export type TTwoFactorPolicy = z.infer<typeof ZTwoFactorPolicy>;
