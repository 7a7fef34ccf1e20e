import { z } from 'zod';
import { MIN_LENGTH, PLANS, ROLES } from '../constants.ts';
import { passwordField, whenBothStrings } from './auth.ts';
import { emailField, passwordString, phoneField, safeString, text } from './common.ts';
import { ZUser } from './users.ts';

/** People in a company — invitations by single-use link, members, seats. */

export const INVITATION_DAYS = 7;
export const INVITATION_STATUSES = ['open', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const ZSeats = z.object({
  plan: z.enum(PLANS),
  /** Active learners plus open invitations of learners. */
  used: z.number().int(),
  /** null: unlimited. */
  limit: z.number().int().nullable(),
});
export type TSeats = z.infer<typeof ZSeats>;

export const ZInviteRequest = z.strictObject({
  email: emailField('register.email'),
  role: z.enum(ROLES, { error: 'team.role' }),
  contactName: text(MIN_LENGTH.name, 120, 'register.contactName').optional(),
  /** The invitee's language (the mail, and the account's); the inviter's by default. */
  language: z.enum(['da', 'en']).optional(),
});
export type TInviteRequest = z.output<typeof ZInviteRequest>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  contactName: z.string().nullable(),
  language: z.enum(['da', 'en']),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** An invitation just made or sent again: the link when no mail went out (no SMTP), to copy. */
export const ZInvitationSent = z.object({
  invitation: ZInvitation,
  mailed: z.boolean(),
  link: z.string().nullable(),
});
export type TInvitationSent = z.infer<typeof ZInvitationSent>;

export const ZInvitationList = z.object({ invitations: z.array(ZInvitation), seats: ZSeats });
export type TInvitationList = z.infer<typeof ZInvitationList>;

export const ZTokenParams = z.object({ token: safeString().min(10).max(100) });

/** What the accept page shows before the invitee sets a password. */
export const ZInvitationPreview = z.object({
  status: z.enum(INVITATION_STATUSES),
  companyName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  contactName: z.string().nullable(),
  language: z.enum(['da', 'en']),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZAcceptInvitationRequest = z
  .strictObject({
    contactName: text(MIN_LENGTH.name, 120, 'register.contactName'),
    phone: z.union([z.literal(''), phoneField('register.phone')]).optional(),
    password: passwordField,
    confirmPassword: passwordString('register.confirmPassword'),
  })
  .refine((d) => d.password === d.confirmPassword, {
    path: ['confirmPassword'],
    error: 'register.confirmPassword',
    when: whenBothStrings('password', 'confirmPassword'),
  });
export type TAcceptInvitationRequest = z.output<typeof ZAcceptInvitationRequest>;
export const ZAcceptedInvitation = ZUser;

/** A CSV of invitations: a header row naming email, name and role (any order), then one row each. */
export const ZImportRequest = z.strictObject({
  csv: safeString('team.csvEmpty').min(1, { error: 'team.csvEmpty' }).max(200_000, { error: 'team.csvTooLarge' }),
  language: z.enum(['da', 'en']).optional(),
});

export const ZImportRow = z.object({
  /** The CSV line (1 is the header). */
  line: z.number().int(),
  email: z.string(),
  status: z.enum(['invited', 'skipped', 'failed']),
  /** Why it was skipped or failed, in the caller's language. */
  message: z.string().nullable(),
  link: z.string().nullable(),
});
export const ZImportResult = z.object({
  rows: z.array(ZImportRow),
  invited: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  mailed: z.boolean(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const ZMember = z.object({
  id: z.string(),
  contactName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  createdAt: z.string(),
  deactivatedAt: z.string().nullable(),
  /** When a pending erasure of their data is carried out; null: none pending. */
  erasureDueAt: z.string().nullable(),
});
export type TMember = z.infer<typeof ZMember>;
export const ZMemberList = z.object({ members: z.array(ZMember), seats: ZSeats });
export type TMemberList = z.infer<typeof ZMemberList>;

export const ZUpdateMemberRequest = z
  .strictObject({
    role: z.enum(ROLES, { error: 'team.role' }).optional(),
    active: z.boolean().optional(),
  })
  .refine((d) => d.role !== undefined || d.active !== undefined, { error: 'team.nothingToChange' });
