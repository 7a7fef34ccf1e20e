import type { Entry } from '../entry.ts';

/** Erasing a person's or a company's data, and how long a company keeps it. Written in Danish first. */
export const erasureMessages = {
  'erasure.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan slette medlemmers data og ændre, hvor længe data gemmes.',
    en: "Only the company's admins can erase members' data and change how long data is kept.",
  },
  'erasure.lastAdmin': {
    spec: 'da',
    da: 'Du er virksomhedens eneste aktive administrator. Gør en anden til administrator, før du sletter din konto.',
    en: "You are the company's only active admin. Make someone else an admin before you delete your account.",
  },
  'erasure.pending': {
    spec: 'da',
    da: 'Sletningen er allerede bestilt.',
    en: 'The erasure has already been asked for.',
  },
  'erasure.nonePending': {
    spec: 'da',
    da: 'Der er ingen bestilt sletning at fortryde.',
    en: 'There is no erasure to cancel.',
  },
  'erasure.notYourself': {
    spec: 'da',
    da: 'Slet din egen konto under »Profil → Sikkerhed«.',
    en: 'Delete your own account under “Profile → Security”.',
  },
  'erasure.wrongPassword': {
    spec: 'da',
    da: 'Adgangskoden er forkert.',
    en: 'The password is wrong.',
  },
  'erasure.companyPending': {
    spec: 'da',
    da: 'Sletningen af virksomheden er allerede bestilt.',
    en: "The company's deletion has already been asked for.",
  },
  'erasure.companyNameMismatch': {
    spec: 'da',
    da: 'Skriv virksomhedens navn, præcis som det står.',
    en: "Type the company's name exactly as it is shown.",
  },
} as const satisfies Record<string, Entry>;
