import type { Entry } from '../entry.ts';

/** API keys for a company's own systems (docs/decisions/061-api-keys.md). Written in Danish first. */
export const apiKeyMessages = {
  'apiKeys.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan styre API-nøgler.',
    en: "Only the company's admins can manage API keys.",
  },
  'apiKeys.labelRequired': { spec: 'da', da: 'Giv nøglen et navn.', en: 'Give the key a name.' },
  'apiKeys.scopesRequired': {
    spec: 'da',
    da: 'Vælg mindst én adgang til nøglen.',
    en: 'Choose at least one permission for the key.',
  },
  'apiKeys.notFound': { spec: 'da', da: 'Nøglen findes ikke.', en: 'The key does not exist.' },
  'apiKeys.alreadyRevoked': { spec: 'da', da: 'Nøglen er allerede tilbagekaldt.', en: 'The key has already been revoked.' },
  'apiKeys.tooMany': {
    spec: 'da',
    da: 'Virksomheden har allerede {{max}} aktive API-nøgler. Tilbagekald en, før du opretter en ny.',
    en: 'The company already has {{max}} active API keys. Revoke one before you create another.',
  },
  'apiKeys.invalid': {
    spec: 'da',
    da: 'API-nøglen er ukendt eller tilbagekaldt, eller den, der oprettede den, er ikke længere administrator.',
    en: 'The API key is unknown or revoked, or the person who created it is no longer an admin.',
  },
  'apiKeys.noAdmins': {
    spec: 'da',
    da: 'En API-nøgle kan ikke invitere, ændre eller deaktivere administratorer.',
    en: 'An API key cannot invite, change or deactivate admins.',
  },
  'apiKeys.outOfScope': {
    spec: 'da',
    da: 'API-nøglen har ikke adgang til denne handling.',
    en: 'The API key does not have permission for this action.',
  },
} as const satisfies Record<string, Entry>;
