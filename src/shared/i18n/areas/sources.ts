import type { Entry } from '../entry.ts';

/** A course from your own material. Written in Danish first, so Danish is their default. */
export const sourceMessages = {
  'source.notFound': { spec: 'da', da: 'Materialet blev ikke fundet.', en: 'Material not found.' },
  'source.badType': {
    spec: 'da',
    da: 'Filen er ikke en PDF, DOCX, PPTX, Markdown- eller tekstfil.',
    en: 'The file is not a PDF, DOCX, PPTX, Markdown or text file.',
  },
  'source.tooLarge': { spec: 'da', da: 'Filen er for stor (højst {{mb}} MB).', en: 'The file is too large (at most {{mb}} MB).' },
  'source.unreadable': {
    spec: 'da',
    da: 'Filen kunne ikke læses. Er den beskadiget eller beskyttet med adgangskode?',
    en: 'The file could not be read. Is it damaged or password-protected?',
  },
  'source.unpacksTooLarge': {
    spec: 'da',
    da: 'Filen pakker sig ud til mere, end et dokument fylder (højst {{mb}} MB og {{entries}} dele). Gem den igen fra Word eller PowerPoint, eller del den op.',
    en: 'The file unpacks to more than a document holds (at most {{mb}} MB and {{entries}} parts). Save it again from Word or PowerPoint, or split it up.',
  },
  'source.noText': {
    spec: 'da',
    da: 'Der er ingen tekst at læse i filen (en scannet PDF skal først gøres søgbar).',
    en: 'There is no text to read in the file (a scanned PDF must be made searchable first).',
  },
  'source.tooMuchText': {
    spec: 'da',
    da: 'Filen har for meget tekst til ét kursus (højst {{characters}} tegn). Del den op.',
    en: 'The file has too much text for one course (at most {{characters}} characters). Split it up.',
  },
  'source.tooSlow': { spec: 'da', da: 'Det tog for lang tid at læse filen.', en: 'Reading the file took too long.' },
} as const satisfies Record<string, Entry>;

/** Translating a course. */
export const translationMessages = {
  'translation.sameLanguage': { spec: 'da', da: 'Kurset er allerede på det sprog.', en: 'The course is already in that language.' },
  'translation.running': {
    spec: 'da',
    da: 'Kurset er ved at blive oversat til det sprog. Vent, til det er færdigt.',
    en: 'The course is already being translated into that language. Wait until it has finished.',
  },
  'translation.empty': {
    spec: 'da',
    da: 'Kurset har ingen lektioner at oversætte endnu.',
    en: 'The course has no lessons to translate yet.',
  },
} as const satisfies Record<string, Entry>;
