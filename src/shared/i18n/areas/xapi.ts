import type { Entry } from '../entry.ts';

/** A company's learning record store (docs/decisions/063-xapi.md). Written in Danish first. */
export const xapiMessages = {
  'xapi.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan styre forbindelsen til en LRS.',
    en: "Only the company's admins can manage the connection to an LRS.",
  },
  'xapi.endpointInvalid': {
    spec: 'da',
    da: 'Skriv LRS’ens fulde xAPI-adresse, der begynder med https://.',
    en: "Enter the LRS's full xAPI address starting with https://.",
  },
  'xapi.endpointRefused': {
    spec: 'da',
    da: 'xAPI-udsagn sendes kun til offentlige https-adresser.',
    en: 'xAPI statements are sent only to public https addresses.',
  },
  'xapi.usernameRequired': { spec: 'da', da: 'Skriv brugernavnet (nøglen) til LRS’en.', en: 'Enter the username (key) for the LRS.' },
  'xapi.usernameColon': { spec: 'da', da: 'Brugernavnet må ikke indeholde kolon.', en: 'The username must not contain a colon.' },
  'xapi.passwordRequired': {
    spec: 'da',
    da: 'Skriv adgangskoden (hemmeligheden) til LRS’en.',
    en: 'Enter the password (secret) for the LRS.',
  },
  'xapi.notSet': {
    spec: 'da',
    da: 'Der er ingen LRS at sende til. Gem virksomhedens LRS først.',
    en: "There is no LRS to send to. Save the company's LRS first.",
  },
} as const satisfies Record<string, Entry>;
