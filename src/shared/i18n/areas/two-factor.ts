import type { Entry } from '../entry.ts';

/** Two-factor sign-in: an authenticator app's codes and the recovery codes. Written in Danish first. */
export const twoFactorMessages = {
  'twoFactor.codeFormat': {
    spec: 'da',
    da: 'Skriv de 6 cifre, som appen viser.',
    en: 'Enter the 6 digits the app shows.',
  },
  'twoFactor.wrongCode': {
    spec: 'da',
    da: 'Koden passer ikke. Skriv den kode, appen viser nu.',
    en: 'The code does not match. Enter the code the app shows now.',
  },
  'twoFactor.wrongRecoveryCode': {
    spec: 'da',
    da: 'Gendannelseskoden passer ikke, eller den er brugt.',
    en: 'The recovery code does not match, or it has been used.',
  },
  'twoFactor.challengeExpired': {
    spec: 'da',
    da: 'Login er udløbet. Log ind med din adgangskode igen.',
    en: 'The login has expired. Log in with your password again.',
  },
  'twoFactor.throttled': {
    spec: 'da',
    da: 'For mange forkerte koder. Prøv igen om {{minutes}} min.',
    en: 'Too many wrong codes. Try again in {{minutes}} min.',
  },
  'twoFactor.notStarted': {
    spec: 'da',
    da: 'Start opsætningen af totrinsbekræftelse forfra.',
    en: 'Start setting up two-step verification again.',
  },
  'twoFactor.alreadyOn': {
    spec: 'da',
    da: 'Totrinsbekræftelse er allerede slået til.',
    en: 'Two-step verification is already on.',
  },
  'twoFactor.notOn': {
    spec: 'da',
    da: 'Totrinsbekræftelse er ikke slået til.',
    en: 'Two-step verification is not on.',
  },
  'twoFactor.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan kræve totrinsbekræftelse.',
    en: "Only the company's admins can require two-step verification.",
  },
  'twoFactor.selfFirst': {
    spec: 'da',
    da: 'Slå totrinsbekræftelse til for dig selv, før du kræver den af andre.',
    en: 'Turn on two-step verification for yourself before you require it of others.',
  },
} as const satisfies Record<string, Entry>;
