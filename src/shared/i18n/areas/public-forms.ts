import type { Entry } from '../entry.ts';

/**
 * The public site's mail flows: password reset, the contact form, the newsletter. Written in
 * Danish first, so Danish is their default.
 */
export const publicFormMessages = {
  'reset.email': { spec: 'da', da: 'Indtast en gyldig e-mailadresse', en: 'Please enter a valid email address' },
  'reset.throttled': {
    spec: 'da',
    da: 'For mange anmodninger om at nulstille adgangskoden. Prøv igen om {{minutes}} min.',
    en: 'Too many password reset requests. Try again in {{minutes}} min.',
  },
  'reset.linkInvalid': {
    spec: 'da',
    da: 'Linket til at nulstille din adgangskode er ugyldigt. Bed om et nyt link.',
    en: 'The link to reset your password is not valid. Ask for a new link.',
  },
  'reset.linkUsed': {
    spec: 'da',
    da: 'Linket er allerede brugt eller erstattet af et nyere. Bed om et nyt link.',
    en: 'The link has already been used or replaced by a newer one. Ask for a new link.',
  },
  'reset.linkExpired': {
    spec: 'da',
    da: 'Linket er udløbet: det gælder i en time. Bed om et nyt link.',
    en: 'The link has expired: it works for one hour. Ask for a new link.',
  },
  'contact.name': { spec: 'da', da: 'Navn skal være mindst 2 tegn', en: 'Name must be at least 2 characters' },
  'contact.email': { spec: 'da', da: 'Indtast en gyldig e-mailadresse', en: 'Please enter a valid email address' },
  'contact.company': { spec: 'da', da: 'Virksomhedens navn må højst være 200 tegn', en: 'The company name may be at most 200 characters' },
  'contact.phone': {
    spec: 'da',
    da: 'Telefonnummeret skal være mindst 8 tegn og kun tal, mellemrum, +, - og parenteser',
    en: 'The phone number must be at least 8 characters of digits, spaces, +, - and parentheses',
  },
  'contact.topic': { spec: 'da', da: 'Vælg et emne', en: 'Choose a topic' },
  'contact.message': {
    spec: 'da',
    da: 'Beskeden skal være mellem 10 og 5.000 tegn',
    en: 'The message must be between 10 and 5,000 characters',
  },
  'contact.consent': {
    spec: 'da',
    da: 'Sæt kryds for at give os lov til at bruge dine oplysninger til at svare dig',
    en: 'Tick the box to let us use your details to answer you',
  },
  'contact.throttled': {
    spec: 'da',
    da: 'For mange henvendelser fra din adresse. Prøv igen om {{minutes}} min.',
    en: 'Too many requests from your address. Try again in {{minutes}} min.',
  },
  'newsletter.email': { spec: 'da', da: 'Indtast en gyldig e-mailadresse', en: 'Please enter a valid email address' },
  'newsletter.consent': { spec: 'da', da: 'Samtykketeksten mangler.', en: 'The consent text is missing.' },
  'newsletter.throttled': {
    spec: 'da',
    da: 'For mange tilmeldinger. Prøv igen om {{minutes}} min.',
    en: 'Too many sign-ups. Try again in {{minutes}} min.',
  },
  'newsletter.linkInvalid': {
    spec: 'da',
    da: 'Linket er ugyldigt. Tjek at du har kopieret hele linket fra e-mailen.',
    en: 'The link is not valid. Check that you copied the whole link from the email.',
  },
  'newsletter.linkExpired': {
    spec: 'da',
    da: 'Linket til at bekræfte er udløbet. Tilmeld dig igen for at få et nyt.',
    en: 'The confirmation link has expired. Sign up again to get a new one.',
  },
  'newsletter.unsubscribed': {
    spec: 'da',
    da: 'Adressen er afmeldt. Tilmeld dig igen for at få et nyt bekræftelseslink.',
    en: 'This address has unsubscribed. Sign up again to get a new confirmation link.',
  },
} as const satisfies Record<string, Entry>;
