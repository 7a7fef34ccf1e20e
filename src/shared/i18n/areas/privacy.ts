import type { Entry } from '../entry.ts';

/**
 * A copy of a person's or a company's data, a company's data processing agreement and a person's
 * consents. Written in Danish first, so Danish is their default.
 */
export const privacyMessages = {
  'exports.notFound': { spec: 'da', da: 'Kopien af data findes ikke.', en: 'The copy of the data does not exist.' },
  'exports.running': {
    spec: 'da',
    da: 'En kopi af dine data er allerede ved at blive lavet. Vent, til den er klar.',
    en: 'A copy of your data is already being made. Wait until it is ready.',
  },
  'exports.companyRunning': {
    spec: 'da',
    da: 'En kopi af virksomhedens data er allerede ved at blive lavet. Vent, til den er klar.',
    en: "A copy of the company's data is already being made. Wait until it is ready.",
  },
  'exports.tooMany': {
    spec: 'da',
    da: 'Du har bedt om {{max}} kopier det seneste døgn. Prøv igen senere.',
    en: 'You have asked for {{max}} copies in the last 24 hours. Try again later.',
  },
  'exports.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan hente en kopi af virksomhedens data.',
    en: "Only the company's admins can download a copy of the company's data.",
  },
  'exports.notReady': { spec: 'da', da: 'Kopien er ikke klar endnu.', en: 'The copy is not ready yet.' },
  'exports.expired': {
    spec: 'da',
    da: 'Kopien er udløbet og slettet. Bed om en ny.',
    en: 'The copy has expired and been deleted. Ask for a new one.',
  },
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
