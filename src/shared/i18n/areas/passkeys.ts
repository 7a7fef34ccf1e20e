import type { Entry } from '../entry.ts';

/** Passkeys, and an admin's reset of a member's second factor. Written in Danish first. */
export const passkeyMessages = {
  'passkeys.refused': {
    spec: 'da',
    da: 'Adgangsnøglen blev ikke godkendt. Prøv igen.',
    en: 'The passkey was not accepted. Try again.',
  },
  'passkeys.challengeExpired': {
    spec: 'da',
    da: 'Anmodningen er udløbet eller allerede brugt. Prøv igen.',
    en: 'The request has expired or was already used. Try again.',
  },
  'passkeys.exists': {
    spec: 'da',
    da: 'Den adgangsnøgle er allerede tilføjet.',
    en: 'That passkey has already been added.',
  },
  'passkeys.notFound': {
    spec: 'da',
    da: 'Adgangsnøglen findes ikke.',
    en: 'The passkey does not exist.',
  },
  'passkeys.limit': {
    spec: 'da',
    da: 'Du har nået det højeste antal adgangsnøgler. Fjern en, før du tilføjer en ny.',
    en: 'You have reached the most passkeys you can have. Remove one before you add another.',
  },
  'passkeys.none': {
    spec: 'da',
    da: 'Du har ingen adgangsnøgle. Brug koden fra din app.',
    en: 'You have no passkey. Use the code from your app.',
  },
  'passkeys.nameMissing': {
    spec: 'da',
    da: 'Giv adgangsnøglen et navn.',
    en: 'Give the passkey a name.',
  },
  'passkeys.nameTooLong': {
    spec: 'da',
    da: 'Navnet må højst være 60 tegn.',
    en: 'The name can be at most 60 characters.',
  },
  'passkeys.resetAdminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan nulstille totrinsbekræftelse.',
    en: "Only the company's admins can reset two-step verification.",
  },
  'passkeys.resetOwn': {
    spec: 'da',
    da: 'Du kan ikke nulstille din egen totrinsbekræftelse her. Slå den fra på din profil.',
    en: 'You cannot reset your own two-step verification here. Turn it off on your profile.',
  },
  'passkeys.resetNone': {
    spec: 'da',
    da: 'Personen har ikke slået totrinsbekræftelse til.',
    en: 'This person has not turned on two-step verification.',
  },
} as const satisfies Record<string, Entry>;
