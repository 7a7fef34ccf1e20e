import { z } from 'zod';
import { API_KEY_SCOPES } from '../constants.ts';
import { text } from './common.ts';

/** A company's API keys for its own systems (docs/decisions/061-api-keys.md). */

export const ZApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ZApiKeyScope>;

export const ZApiKey = z.object({
  id: z.string(),
  label: z.string(),
  /** The key's first characters, to recognise it by. */
  prefix: z.string(),
  scopes: z.array(ZApiKeyScope),
  createdAt: z.string(),
  /** The admin the key acts for. */
  owner: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ keys: z.array(ZApiKey) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

export const ZCreateApiKeyRequest = z.object({
  label: text(1, 80, 'apiKeys.labelRequired'),
  scopes: z
    .array(ZApiKeyScope, { error: 'apiKeys.scopesRequired' })
    .min(1, { error: 'apiKeys.scopesRequired' })
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'apiKeys.scopesRequired' }),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZApiKeyCreated = z.object({
  key: ZApiKey,
  /** The key itself, answered this once; only its hash is kept. */
  secret: z.string(),
});
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;
