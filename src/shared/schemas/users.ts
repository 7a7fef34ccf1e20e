import { z } from 'zod';
import { MIN_LENGTH, PLANS, ROLES } from '../constants.ts';
import { emailField, passwordString, phoneField, safeString, text } from './common.ts';

/**
 * The settings switches kept on the user (Indstillinger). Marketing e-mails are the newsletter
 * subscription of the account's address, not a switch kept here (docs/decisions/049-settings-switches.md).
 */
export const ZPreferences = z.object({
  /** Every mail about what happens in Kursa, but mandatory training's. */
  emailNotifications: z.boolean(),
  /** An instructor's expertise and bio on the public pages of their courses. */
  publicProfile: z.boolean(),
});
export type TPreferences = z.infer<typeof ZPreferences>;

/** The settings switches as a new user has them. */
export const DEFAULT_PREFERENCES: TPreferences = {
  emailNotifications: true,
  publicProfile: true,
};

/** A user as the API answers it, with the company it belongs to and the profile extras. */
export const ZUser = z.object({
  id: z.string(),
  username: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  expertise: z.string().nullable(),
  website: z.string().nullable(),
  preferences: ZPreferences,
  createdAt: z.string(),
  organisationId: z.string(),
  companyName: z.string(),
  cvrNumber: z.string(),
  companyVerified: z.boolean(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  plan: z.enum(PLANS),
  trialEndsAt: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/** POST /api/login: the user, and whether this was their first login (they are welcomed as new, not back). */
export const ZLoginResponse = ZUser.extend({ firstLogin: z.boolean() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

const websiteField = safeString('profile.website')
  .trim()
  .max(300, { error: 'profile.website' })
  .refine(
    (v) => {
      if (v === '') return true;
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: 'profile.website' },
  );

/** The profile form and its rules (their messages are Danish by default). */
export const ZProfileForm = z.strictObject({
  contactName: text(MIN_LENGTH.name, 120, 'profile.contactName'),
  email: emailField('profile.email'),
  phone: phoneField('profile.phone'),
  companyName: text(MIN_LENGTH.company, 200, 'profile.companyName'),
  address: text(MIN_LENGTH.address, 200, 'profile.address'),
  city: text(MIN_LENGTH.city, 100, 'profile.city'),
  postalCode: text(MIN_LENGTH.postalCode, 10, 'profile.postalCode'),
  bio: safeString().trim().max(2000, { error: 'profile.tooLong' }),
  expertise: safeString().trim().max(500, { error: 'profile.tooLong' }),
  website: websiteField,
});
export type TProfileForm = z.input<typeof ZProfileForm>;

/**
 * PATCH /api/users/:id: any subset of the profile form, and/or some of the settings switches.
 * Changing the login e-mail also needs the acting user's current password, so an open session alone
 * cannot move the account to another address.
 */
export const ZUpdateUserRequest = ZProfileForm.partial().extend({
  preferences: ZPreferences.partial().strict().optional(),
  currentPassword: passwordString('profile.currentPasswordRequired').max(1024, { error: 'profile.currentPasswordRequired' }).optional(),
});
export type TUpdateUserRequest = z.output<typeof ZUpdateUserRequest>;
