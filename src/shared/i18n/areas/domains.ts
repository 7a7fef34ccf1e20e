import type { Entry } from '../entry.ts';

/** A company's e-mail domains and people's sessions (docs/decisions/056-company-domains-and-sessions.md). */
export const domainMessages = {
  'orgDomain.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan se og ændre dens e-maildomæner.',
    en: "Only the company's admins can see and change its email domains.",
  },
  'orgDomain.invalid': {
    spec: 'da',
    da: 'Skriv et domænenavn, fx virksomhed.dk.',
    en: 'Enter a domain name, e.g. company.com.',
  },
  'orgDomain.publicProvider': {
    spec: 'da',
    da: 'Domæner hos offentlige e-mailudbydere (fx gmail.com eller outlook.com) tilhører ikke én virksomhed og kan ikke tilføjes.',
    en: 'Domains of public email providers (e.g. gmail.com or outlook.com) belong to no single company and cannot be added.',
  },
  'orgDomain.exists': {
    spec: 'da',
    da: 'Virksomheden har allerede tilføjet dette domæne.',
    en: 'Your company has already added this domain.',
  },
  'orgDomain.taken': {
    spec: 'da',
    da: 'En anden virksomhed har allerede bekræftet dette domæne.',
    en: 'Another company has already verified this domain.',
  },
  'orgDomain.notFound': {
    spec: 'da',
    da: 'Domænet findes ikke.',
    en: 'The domain does not exist.',
  },
  'orgDomain.recordMissing': {
    spec: 'da',
    da: 'TXT-posten blev ikke fundet. Opret {{name}} med værdien {{value}} hos jeres DNS-udbyder, og prøv igen om lidt.',
    en: 'The TXT record was not found. Create {{name}} with the value {{value}} at your DNS provider, and try again shortly.',
  },
  'orgDomain.lookupFailed': {
    spec: 'da',
    da: 'DNS kunne ikke spørges lige nu. Prøv igen om lidt.',
    en: 'DNS could not be asked right now. Please try again shortly.',
  },
  'session.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan se og afslutte andres sessioner.',
    en: "Only the company's admins can see and end other people's sessions.",
  },
  'session.notFound': {
    spec: 'da',
    da: 'Sessionen findes ikke.',
    en: 'The session does not exist.',
  },
  'session.current': {
    spec: 'da',
    da: 'Dette er den session, du bruger nu. Log ud for at afslutte den.',
    en: 'This is the session you are using now. Log out to end it.',
  },
} as const satisfies Record<string, Entry>;
