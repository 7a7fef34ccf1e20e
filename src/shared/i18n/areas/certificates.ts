import type { Entry } from '../entry.ts';

/** Certificates and their verification. Written in Danish first, so Danish is their default. */
export const certificateMessages = {
  'certificates.notFound': { spec: 'da', da: 'Kursusbeviset blev ikke fundet.', en: 'Certificate not found.' },
  'certificates.alreadyRevoked': {
    spec: 'da',
    da: 'Kursusbeviset er allerede tilbagekaldt.',
    en: 'The certificate has already been revoked.',
  },
  'certificates.invalid': {
    spec: 'da',
    da: 'Kursusbeviset kan ikke verificeres og kan derfor ikke hentes.',
    en: 'The certificate does not verify, so it cannot be downloaded.',
  },
  'certificates.reasonTooLong': { spec: 'da', da: 'Begrundelsen må højst være 500 tegn.', en: 'The reason can be at most 500 characters.' },
} as const satisfies Record<string, Entry>;
