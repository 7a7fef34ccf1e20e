import type { Entry } from '../entry.ts';

/** A company's data processing agreement and a person's consents. Written in Danish first, so Danish is their default. */
export const privacyMessages = {
  'privacy.dpaAdminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan hente databehandleraftalen med virksomhedens oplysninger.',
    en: "Only the company's admins can download the data processing agreement with the company's details.",
  },
  'privacy.keyAdminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan hente revisionsloggens offentlige nøgle.',
    en: "Only the company's admins can download the audit log's public key.",
  },
  'consents.kind': {
    spec: 'da',
    da: 'Vælg et samtykke: newsletter, contact eller review-quote.',
    en: 'Choose a consent: newsletter, contact or review-quote.',
  },
  'consents.notFound': {
    spec: 'da',
    da: 'Samtykket findes ikke.',
    en: 'The consent does not exist.',
  },
  'consents.notWithdrawable': {
    spec: 'da',
    da: 'Dette samtykke kan ikke trækkes tilbage her. Skriv til os via kontaktformularen.',
    en: 'This consent cannot be withdrawn here. Write to us through the contact form.',
  },
} as const satisfies Record<string, Entry>;
