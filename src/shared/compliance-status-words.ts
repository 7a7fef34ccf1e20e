import type { ComplianceStatus } from './schemas/compliance.ts';

/**
 * The compliance statuses as a reader sees them, for what the server writes: the reports' exports
 * and the notifications about them (the client's pages have their own in locales/compliance.json).
 */
export const STATUS_WORDS: Readonly<Record<ComplianceStatus, { da: string; en: string }>> = {
  'not-started': { da: 'Ikke startet', en: 'Not started' },
  'in-progress': { da: 'I gang', en: 'In progress' },
  completed: { da: 'Gennemført', en: 'Completed' },
  expiring: { da: 'Udløber snart', en: 'Expiring soon' },
  overdue: { da: 'Frist overskredet', en: 'Overdue' },
  expired: { da: 'Udløbet', en: 'Expired' },
  exempted: { da: 'Fritaget', en: 'Exempted' },
};
