import type { Entry } from '../entry.ts';

/** Notifications, their preferences and unsubscribe links, and the kept mail. */
export const notificationMessages = {
  'notifications.badCursor': {
    spec: 'da',
    da: 'Siden findes ikke. Hent notifikationerne forfra.',
    en: 'That page does not exist. Load the notifications again.',
  },
  'notifications.kindNotYours': {
    spec: 'da',
    da: 'Den slags notifikation får du ikke i din rolle.',
    en: 'You do not receive that kind of notification in your role.',
  },
  'notifications.mandatory': {
    spec: 'da',
    da: 'Din virksomhed kræver e-mails om obligatorisk uddannelse. Kun en administrator kan slå dem fra.',
    en: 'Your company requires emails about mandatory training. Only an admin can turn them off.',
  },
  'notifications.noDigest': {
    spec: 'da',
    da: 'Den slags notifikation kan ikke samles i en daglig oversigt.',
    en: 'That kind of notification cannot be gathered into a daily overview.',
  },
  'notifications.adminsOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan ændre påmindelserne.',
    en: "Only the company's admins can change the reminders.",
  },
  'notifications.badToken': {
    spec: 'da',
    da: 'Linket til at afmelde er ugyldigt. Skift dine indstillinger, når du er logget ind.',
    en: 'The unsubscribe link is not valid. Change your settings when you are logged in.',
  },
  'mailLog.adminsOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan se dens e-mails.',
    en: "Only the company's admins can see its emails.",
  },
  'devMail.off': {
    spec: 'da',
    da: 'Denne installation sender e-mails over SMTP, så ingen e-mails gemmes her.',
    en: 'This installation sends email over SMTP, so no emails are kept here.',
  },
  'devMail.key': {
    spec: 'da',
    da: 'Nøglen mangler eller er forkert. Brug linket, som serveren skrev, da den startede.',
    en: 'The key is missing or wrong. Use the link the server printed when it started.',
  },
  'devMail.notFound': { spec: 'da', da: 'E-mailen findes ikke.', en: 'The email does not exist.' },
} as const satisfies Record<string, Entry>;
