import type { Entry } from '../entry.ts';

/** Outgoing webhooks (docs/decisions/062-webhooks.md). Written in Danish first. */
export const webhookMessages = {
  'webhooks.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan styre webhooks.',
    en: "Only the company's admins can manage webhooks.",
  },
  'webhooks.urlInvalid': {
    spec: 'da',
    da: 'Skriv en fuld adresse, der begynder med https://.',
    en: 'Enter a full address starting with https://.',
  },
  'webhooks.urlRefused': {
    spec: 'da',
    da: 'Webhooks sendes kun til offentlige https-adresser.',
    en: 'Webhooks are sent only to public https addresses.',
  },
  'webhooks.eventsRequired': {
    spec: 'da',
    da: 'Vælg mindst én hændelse.',
    en: 'Choose at least one event.',
  },
  'webhooks.nothingToChange': { spec: 'da', da: 'Der er intet at ændre.', en: 'There is nothing to change.' },
  'webhooks.notFound': { spec: 'da', da: 'Webhooken findes ikke.', en: 'The webhook does not exist.' },
  'webhooks.deliveryNotFound': { spec: 'da', da: 'Leverancen findes ikke.', en: 'The delivery does not exist.' },
  'webhooks.notFailed': {
    spec: 'da',
    da: 'Kun en mislykket leverance kan prøves igen.',
    en: 'Only a failed delivery can be tried again.',
  },
  'webhooks.tooMany': {
    spec: 'da',
    da: 'Virksomheden har allerede {{max}} webhooks. Slet en, før du opretter en ny.',
    en: 'The company already has {{max}} webhooks. Delete one before you create another.',
  },
} as const satisfies Record<string, Entry>;
