import type { Entry } from '../entry.ts';

/** The resource library (issue 9 §1). SPEC gives none of these words. */
export const resourceMessages = {
  'resources.notFound': { spec: 'da', da: 'Ressourcen blev ikke fundet.', en: 'The resource was not found.' },
  'resources.noDownload': { spec: 'da', da: 'Denne ressource har ingen fil at hente.', en: 'This resource has no file to download.' },
} as const satisfies Record<string, Entry>;
