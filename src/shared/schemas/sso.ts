import { z } from 'zod';
import { SSO_PROVIDERS } from '../sso.ts';
import { safeString } from './common.ts';

/** A company's single sign-on (docs/decisions/058-single-sign-on.md). */

/** The issuer of a Microsoft Entra ID tenant (its directory id or a verified domain of it). */
export const entraIssuer = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;
export const GOOGLE_ISSUER = 'https://accounts.google.com';

const TENANT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ZSsoGroupMapping = z.object({
  /** The group as the provider names it in its tokens (Entra ID: the group's object id). */
  externalGroup: safeString('sso.groupInvalid').trim().min(1, { error: 'sso.groupInvalid' }).max(200, { error: 'sso.groupInvalid' }),
  groupId: safeString().min(1).max(64),
});
export type TSsoGroupMapping = z.infer<typeof ZSsoGroupMapping>;

export const ZSsoSettings = z.object({
  /** False until an admin first saves the settings. */
  configured: z.boolean(),
  provider: z.enum(SSO_PROVIDERS),
  enabled: z.boolean(),
  required: z.boolean(),
  breakGlassUserId: z.string().nullable(),
  defaultRole: z.enum(['learner', 'instructor']),
  oidc: z.object({
    issuer: z.string().nullable(),
    /** Entra ID's tenant, read back from its issuer. */
    tenantId: z.string().nullable(),
    clientId: z.string().nullable(),
    /** The secret is never shown again, only whether one is kept. */
    hasSecret: z.boolean(),
    /** What to register at the provider. */
    redirectUri: z.string(),
    backChannelLogoutUri: z.string(),
    frontChannelLogoutUri: z.string(),
  }),
  saml: z.object({
    entityId: z.string().nullable(),
    ssoUrl: z.string().nullable(),
    sloUrl: z.string().nullable(),
    metadataUrl: z.string().nullable(),
    /** The provider's signing certificates, each by its SHA-256 fingerprint and end date. */
    certificates: z.array(z.object({ fingerprint: z.string(), notAfter: z.string().nullable() })),
    encrypted: z.boolean(),
    /** What to give the provider: our entity id, where it posts, our metadata. */
    spEntityId: z.string(),
    acsUrl: z.string(),
    spMetadataUrl: z.string(),
  }),
  groupMappings: z.array(ZSsoGroupMapping),
  /** The company's verified e-mail domains: whose people are sent to the provider. */
  domains: z.array(z.string()),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

const optionalUrl = (key: string) =>
  safeString(key)
    .trim()
    .max(1000, { error: key })
    .refine((v) => v === '' || URL.canParse(v), { error: key })
    .optional();

export const ZSsoSettingsUpdate = z
  .object({
    provider: z.enum(SSO_PROVIDERS),
    enabled: z.boolean(),
    required: z.boolean(),
    breakGlassUserId: safeString().max(64).nullable(),
    defaultRole: z.enum(['learner', 'instructor']),
    oidc: z
      .object({
        /** Generic OIDC: the issuer, whose /.well-known/openid-configuration is read. */
        issuer: optionalUrl('sso.issuerInvalid'),
        /** Entra ID: the tenant, from which the issuer follows. */
        tenantId: safeString('sso.tenantInvalid')
          .trim()
          .refine((v) => v === '' || TENANT.test(v), { error: 'sso.tenantInvalid' })
          .optional(),
        clientId: safeString('sso.clientIdInvalid').trim().max(300, { error: 'sso.clientIdInvalid' }).optional(),
        /** Left out (or empty): the secret kept stays. */
        clientSecret: z.string().max(2000).optional(),
      })
      .strict()
      .optional(),
    saml: z
      .object({
        /** The provider's metadata XML, pasted; or its address to read it from. */
        metadataXml: z.string().max(200_000).optional(),
        metadataUrl: optionalUrl('sso.metadataUrlInvalid'),
        encrypted: z.boolean().optional(),
      })
      .strict()
      .optional(),
    groupMappings: z.array(ZSsoGroupMapping).max(200),
  })
  .strict();
export type TSsoSettingsUpdate = z.infer<typeof ZSsoSettingsUpdate>;

/** What the login page learns of an address before asking for a password. */
export const ZSsoLookup = z.object({
  sso: z.boolean(),
  /** Passwords are refused for the address's people (the break-glass admin's aside). */
  required: z.boolean(),
  /** What the button says: 'entra' is "Log in with Microsoft". */
  provider: z.enum(SSO_PROVIDERS).nullable(),
});
export type TSsoLookup = z.infer<typeof ZSsoLookup>;
