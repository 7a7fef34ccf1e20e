import { z } from 'zod';
import { MIN_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { whenBothStrings } from './auth.ts';
import { emailField, passwordString, safeString } from './common.ts';

/** How long a mailed password-reset link works. */
export const PASSWORD_RESET_MINUTES = 60;

/** POST /api/password-reset: the address to send a link to (the answer is the same for any address). */
export const ZPasswordResetRequest = z.strictObject({
  email: emailField('reset.email'),
});

/** A reset link's token: 256 random bits, base64url (43 characters). */
export const ZResetToken = safeString('reset.linkInvalid').min(20, { error: 'reset.linkInvalid' }).max(100, { error: 'reset.linkInvalid' });

/** POST /api/password-reset/confirm: the link's token and the new password, twice (8–128 characters). */
export const ZPasswordResetConfirm = z
  .strictObject({
    token: ZResetToken,
    newPassword: passwordString('password.newMin')
      .min(MIN_LENGTH.password, { error: 'password.newMin' })
      .max(PASSWORD_MAX_LENGTH, { error: 'password.newMax' }),
    confirmPassword: passwordString('password.mismatch'),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    path: ['confirmPassword'],
    error: 'password.mismatch',
    when: whenBothStrings('newPassword', 'confirmPassword'),
  });
export type TPasswordResetConfirm = z.output<typeof ZPasswordResetConfirm>;

/** The answer to a reset request: the same whether or not the address has an account. */
export const ZPasswordResetAccepted = z.object({ accepted: z.literal(true), minutes: z.number().int() });
export type TPasswordResetAccepted = z.infer<typeof ZPasswordResetAccepted>;
