import { z } from 'zod';
import { MIN_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { isValidCvr, normaliseCvr } from '../validation/cvr.ts';
import { emailField, passwordString, phoneField, safeString, text } from './common.ts';

/**
 * A refinement comparing two fields runs as soon as both are strings, even while other fields
 * still fail (zod skips object refinements otherwise). The payload may be anything a client sent.
 */
export function whenBothStrings(a: string, b: string) {
  return (payload: { value: unknown }) => {
    const v = payload.value;
    if (typeof v !== 'object' || v === null) return false;
    const fields = v as Record<string, unknown>;
    return typeof fields[a] === 'string' && typeof fields[b] === 'string';
  };
}

export const passwordField = passwordString('register.password')
  .min(MIN_LENGTH.password, { error: 'register.password' })
  .max(PASSWORD_MAX_LENGTH, { error: 'register.passwordMax' });

const ZCvrNumber = safeString('register.cvrNumber')
  .max(20, { error: 'register.cvrNumber' })
  .transform(normaliseCvr)
  .refine(isValidCvr, { error: 'register.cvrNumber' });

/** Registration: the company and its first admin, with their rules; messages are keys of shared/i18n/messages.ts. */
export const ZRegisterRequest = z
  .strictObject({
    companyName: text(MIN_LENGTH.company, 200, 'register.companyName'),
    cvrNumber: ZCvrNumber,
    contactName: text(MIN_LENGTH.name, 120, 'register.contactName'),
    email: emailField('register.email'),
    phone: phoneField('register.phone'),
    address: text(MIN_LENGTH.address, 200, 'register.address'),
    city: text(MIN_LENGTH.city, 100, 'register.city'),
    postalCode: text(MIN_LENGTH.postalCode, 10, 'register.postalCode'),
    password: passwordField,
    confirmPassword: passwordString('register.confirmPassword'),
    acceptTerms: z.boolean({ error: 'register.acceptTerms' }).refine((v) => v, { error: 'register.acceptTerms' }),
  })
  .refine((d) => d.password === d.confirmPassword, {
    path: ['confirmPassword'],
    error: 'register.confirmPassword',
    when: whenBothStrings('password', 'confirmPassword'),
  });
export type TRegisterRequest = z.output<typeof ZRegisterRequest>;
export type TRegisterForm = z.input<typeof ZRegisterRequest>;

export const ZLoginRequest = z.strictObject({
  email: emailField('login.email'),
  password: passwordString('login.passwordRequired')
    .min(1, { error: 'login.passwordRequired' })
    .max(1024, { error: 'login.passwordRequired' }),
  rememberMe: z.boolean({ error: 'http.invalidValue' }).optional().default(false),
});
export type TLoginRequest = z.output<typeof ZLoginRequest>;
export type TLoginForm = z.input<typeof ZLoginRequest>;

export const ZChangePasswordRequest = z.strictObject({
  currentPassword: passwordString('password.currentRequired')
    .min(1, { error: 'password.currentRequired' })
    .max(1024, { error: 'password.currentRequired' }),
  newPassword: passwordString('password.newMin')
    .min(MIN_LENGTH.password, { error: 'password.newMin' })
    .max(PASSWORD_MAX_LENGTH, { error: 'password.newMax' }),
});
export type TChangePasswordRequest = z.output<typeof ZChangePasswordRequest>;

/** The Sikkerhed tab's form: the request plus a confirmation checked on the client. */
export const ZChangePasswordForm = ZChangePasswordRequest.extend({ confirmPassword: passwordString('password.mismatch') }).refine(
  (d) => d.newPassword === d.confirmPassword,
  {
    path: ['confirmPassword'],
    error: 'password.mismatch',
    when: whenBothStrings('newPassword', 'confirmPassword'),
  },
);
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
