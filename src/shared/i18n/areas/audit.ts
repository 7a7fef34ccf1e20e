import type { Entry } from '../entry.ts';

/** The company's audit log. Written in Danish first, so Danish is their default. */
export const auditMessages = {
  'audit.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan læse revisionsloggen.',
    en: "Only the company's admins can read the audit log.",
  },
  'audit.date': {
    spec: 'da',
    da: 'Angiv tidspunktet som ISO 8601, fx 2026-01-31T00:00:00Z.',
    en: 'Give the time as ISO 8601, e.g. 2026-01-31T00:00:00Z.',
  },
  'audit.noKey': {
    spec: 'da',
    da: 'Installationen har ingen offentlig nøgle at vise.',
    en: 'The installation has no public key to show.',
  },
} as const satisfies Record<string, Entry>;
