import { z } from 'zod';
import { safeString } from './common.ts';
import { normaliseCode, VERIFICATION } from '../validation/verification-code.ts';

export { normaliseCode, VERIFICATION };

export const ZVerificationState = z.object({
  status: z.enum(['confirmed', 'unconfirmed']),
  method: z.enum(['domain', 'code']).nullable(),
  /** The installation uses the live registry: publishing and selling wait for confirmation. */
  required: z.boolean(),
  /** What the CVR registry said about the company. */
  registry: z.enum(['found', 'not_found', 'unchecked']),
  /** The domain whose addresses prove control (from the registry's e-mail), if any. */
  companyDomain: z.string().nullable(),
  /** The registry's e-mail address for the company, masked: where a code would go. */
  companyEmail: z.string().nullable(),
  /** This user may ask for a code now: an admin, and the registry has an address. */
  canSendCode: z.boolean(),
  /** The user's own login address, masked, when it is on the company's domain. */
  ownAddress: z.string().nullable(),
  /** A code can go to the user's own address on the company's domain (proof by domain). */
  canSendOwnCode: z.boolean(),
  pending: z.object({ sentTo: z.string(), expiresAt: z.string() }).nullable(),
  /** Another registrant could take the CVR over by proving control (while it is unconfirmed). */
  takeoverPossible: z.boolean(),
});
export type TVerificationState = z.infer<typeof ZVerificationState>;

const codeField = safeString('verification.codeFormat')
  .max(40, { error: 'verification.codeFormat' })
  .transform(normaliseCode)
  .refine((c) => c.length === VERIFICATION.codeLength, { error: 'verification.codeFormat' });

export const ZConfirmCodeRequest = z.strictObject({ code: codeField });
export type TConfirmCodeRequest = z.input<typeof ZConfirmCodeRequest>;

/** Where the code goes: the company's registry address, or the user's own address on the company's domain. */
export const ZSendCodeRequest = z.strictObject({ to: z.enum(['company', 'me'], { error: 'http.invalidValue' }) });

export const ZCodeSent = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type TCodeSent = z.infer<typeof ZCodeSent>;

/** POST /api/register's 202: the CVR is held by an unconfirmed company; a code went to the company's address. */
export const ZRegisterClaimPending = z.object({
  status: z.literal('claim_pending'),
  claimId: z.string(),
  /** 'company': the company's registry address; 'own': the registrant's own address on the company's domain. */
  via: z.enum(['company', 'own']),
  sentTo: z.string(),
  expiresAt: z.string(),
});
export type TRegisterClaimPending = z.infer<typeof ZRegisterClaimPending>;

export const ZConfirmRegistrationRequest = z.strictObject({
  claimId: safeString('verification.codeExpired')
    .min(1, { error: 'verification.codeExpired' })
    .max(64, { error: 'verification.codeExpired' }),
  code: codeField,
});
export type TConfirmRegistrationRequest = z.input<typeof ZConfirmRegistrationRequest>;
