import type { Entry } from '../entry.ts';

/** SCIM provisioning's tokens (docs/decisions/055-scim-provisioning.md). Written in Danish first. */
export const scimMessages = {
  'scim.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan styre automatisk oprettelse af brugere.',
    en: "Only the company's admins can manage automatic user provisioning.",
  },
  'scim.labelRequired': { spec: 'da', da: 'Giv tokenet et navn.', en: 'Give the token a name.' },
  'scim.tokenNotFound': { spec: 'da', da: 'Tokenet findes ikke.', en: 'The token does not exist.' },
  'scim.tokenRevoked': { spec: 'da', da: 'Tokenet er allerede tilbagekaldt.', en: 'The token has already been revoked.' },
  'scim.tooManyTokens': {
    spec: 'da',
    da: 'Virksomheden har allerede {{max}} aktive tokens. Tilbagekald et, før du opretter et nyt.',
    en: 'The company already has {{max}} active tokens. Revoke one before you create another.',
  },
} as const satisfies Record<string, Entry>;
