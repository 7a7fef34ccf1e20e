/**
 * The certificate's own words, in the language it was issued in (the PDF is a document, not a
 * page: it keeps its language whoever downloads it). Dates and numbers follow da-DK / en-GB, in
 * Danish time.
 */
export type CertificateLanguage = 'da' | 'en';

export const WORDING = {
  da: {
    locale: 'da-DK',
    title: 'Kursusbevis',
    certifies: 'Hermed bekræftes, at',
    completed: 'har gennemført kurset',
    pathCompleted: 'har gennemført læringsforløbet',
    responsible: 'Ansvarlig',
    offeredBy: (company: string) => `udbudt af ${company}`,
    instructor: 'Instruktør',
    date: 'Dato',
    validUntil: 'Gyldigt til',
    duration: 'Omfang',
    hours: { one: 'time', other: 'timer' },
    code: 'Verifikationskode',
    verifyAt: 'Tjek ægtheden på',
    scan: 'Scan for at verificere',
    signed: (keyId: string) =>
      `Digitalt signeret af Kursa (Ed25519, nøgle ${keyId}). Kursusbeviset er ægte, når verifikationssiden siger det.`,
    signedOwn: (keyId: string) => `Digitalt signeret (Ed25519, nøgle ${keyId}). Kursusbeviset er ægte, når verifikationssiden siger det.`,
    revoked: (date: string) => `TILBAGEKALDT ${date}`,
    fileName: 'kursusbevis',
  },
  en: {
    locale: 'en-GB',
    title: 'Certificate of Completion',
    certifies: 'This is to certify that',
    completed: 'has completed the course',
    pathCompleted: 'has completed the learning path',
    responsible: 'Responsible',
    offeredBy: (company: string) => `offered by ${company}`,
    instructor: 'Instructor',
    date: 'Date',
    validUntil: 'Valid until',
    duration: 'Duration',
    hours: { one: 'hour', other: 'hours' },
    code: 'Verification code',
    verifyAt: 'Verify at',
    scan: 'Scan to verify',
    signed: (keyId: string) =>
      `Digitally signed by Kursa (Ed25519, key ${keyId}). The certificate is genuine when its verification page says so.`,
    signedOwn: (keyId: string) =>
      `Digitally signed (Ed25519, key ${keyId}). The certificate is genuine when its verification page says so.`,
    revoked: (date: string) => `REVOKED ${date}`,
    fileName: 'certificate',
  },
} as const;

/** A course's length in hours, to the tenth. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

export function formatDate(iso: string, language: CertificateLanguage): string {
  return new Intl.DateTimeFormat(WORDING[language].locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Copenhagen',
  }).format(new Date(iso));
}

export function formatHours(minutes: number, language: CertificateLanguage): string {
  const { locale, hours: unit } = WORDING[language];
  const hours = hoursOf(minutes);
  // Danish says "1,5 time" (one), English "1.5 hours" (other): the language's plural rules decide.
  const form = new Intl.PluralRules(locale).select(hours) === 'one' ? 'one' : 'other';
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(hours)} ${unit[form]}`;
}
