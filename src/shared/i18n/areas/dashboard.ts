import type { Entry } from '../entry.ts';

/** Reviews, the instructor dashboard and the company overview. */
export const dashboardMessages = {
  'review.rating': { spec: 'da', da: 'Vælg en bedømmelse fra 1 til 5 stjerner.', en: 'Choose a rating from 1 to 5 stars.' },
  'review.commentTooLong': { spec: 'da', da: 'Kommentaren må højst være 2000 tegn.', en: 'The comment may be at most 2000 characters.' },
  'review.notStarted': {
    spec: 'da',
    da: 'Du kan anmelde kurset, når du er gået i gang med det.',
    en: 'You can review the course once you have started it.',
  },
  'dashboard.notFound': { spec: 'da', da: 'Instruktøren findes ikke.', en: 'The instructor does not exist.' },
  'dashboard.adminOnly': {
    spec: 'da',
    da: 'Kun en administrator kan se virksomhedens overblik.',
    en: "Only an admin can see the company's overview.",
  },
} as const satisfies Record<string, Entry>;
