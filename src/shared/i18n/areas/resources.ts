import type { Entry } from '../entry.ts';

/** The resource library. Written in Danish first, so Danish is their default. */
export const resourceMessages = {
  'resources.notFound': { spec: 'da', da: 'Ressourcen blev ikke fundet.', en: 'The resource was not found.' },
  'resources.noDownload': { spec: 'da', da: 'Denne ressource har ingen fil at hente.', en: 'This resource has no file to download.' },
} as const satisfies Record<string, Entry>;
