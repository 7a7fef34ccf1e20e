import { z } from 'zod';
import { text } from './common.ts';

/** An admin's view of the company's SCIM provisioning (docs/decisions/055-scim-provisioning.md). */

export const ZScimToken = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

export const ZScimSettings = z.object({
  /** Where the identity provider sends its requests: `${PUBLIC_URL}/scim/v2`. */
  baseUrl: z.string(),
  tokens: z.array(ZScimToken),
});
export type TScimSettings = z.infer<typeof ZScimSettings>;

export const ZCreateScimTokenRequest = z.object({ label: text(1, 80, 'scim.labelRequired') });

export const ZScimTokenCreated = z.object({
  token: ZScimToken,
  /** The bearer token itself, answered this once; only its hash is kept. */
  secret: z.string(),
});
export type TScimTokenCreated = z.infer<typeof ZScimTokenCreated>;
