import type { Entry } from '../entry.ts';

/** Company subdomains, their sites, the catalogue and publishing through the creator. */
export const siteMessages = {
  // Worded in English first.
  'site.subdomainRule': {
    spec: 'en',
    en: 'Subdomain must be 3-63 characters, lowercase letters, numbers, and hyphens only',
    da: 'Subdomænet skal være 3-63 tegn og må kun indeholde små bogstaver, tal og bindestreger',
  },
  'site.subdomainReserved': {
    spec: 'da',
    da: 'Det subdomæne er reserveret. Vælg et andet.',
    en: 'That subdomain is reserved. Choose another.',
  },
  'site.subdomainTaken': {
    spec: 'da',
    da: 'Det subdomæne er allerede i brug. Vælg et andet.',
    en: 'That subdomain is already taken. Choose another.',
  },
  'site.adminOnly': {
    spec: 'da',
    da: 'Kun en administrator kan vælge virksomhedens subdomæne.',
    en: "Only an admin can choose the company's subdomain.",
  },
  'site.subdomainMismatch': {
    spec: 'da',
    da: 'Virksomhedens kurser udgives på {{current}}. Udgiv der, eller lad en administrator skifte subdomænet.',
    en: "The company's courses are published on {{current}}. Publish there, or have an admin change the subdomain.",
  },
  'brand.adminOnly': {
    spec: 'da',
    da: 'Kun en administrator kan ændre virksomhedens brand.',
    en: "Only an admin can change the company's brand.",
  },
  'brand.colour': {
    spec: 'da',
    da: 'Angiv farven som #rrggbb, fx #1d4ed8.',
    en: 'Give the colour as #rrggbb, for example #1d4ed8.',
  },
  'brand.heroTooLong': {
    spec: 'da',
    da: 'Teksten må højst være 300 tegn.',
    en: 'The text can be at most 300 characters.',
  },
  'brand.asset': {
    spec: 'da',
    da: 'Vælg logoet eller forsidebilledet.',
    en: 'Choose the logo or the hero image.',
  },
  'domain.invalid': {
    spec: 'da',
    da: 'Skriv domænet som fx kurser.nordisklaering.dk: mindst to dele adskilt af punktum, kun bogstaver, tal og bindestreger.',
    en: 'Write the domain like kurser.company.com: at least two parts separated by dots, only letters, digits and hyphens.',
  },
  'domain.ours': {
    spec: 'da',
    da: 'Det domæne hører til Kursa. Vælg et domæne, virksomheden selv ejer.',
    en: 'That domain belongs to Kursa. Choose a domain the company owns.',
  },
  'domain.taken': {
    spec: 'da',
    da: 'Det domæne bruges allerede af en anden virksomhed.',
    en: 'That domain is already used by another company.',
  },
  'domain.adminOnly': {
    spec: 'da',
    da: 'Kun en administrator kan ændre virksomhedens domæne.',
    en: "Only an admin can change the company's domain.",
  },
  'domain.none': {
    spec: 'da',
    da: 'Virksomheden har ikke tilføjet et domæne.',
    en: 'The company has not added a domain.',
  },
  'domain.recordMissing': {
    spec: 'da',
    da: 'TXT-posten {{name}} med værdien {{value}} blev ikke fundet endnu. Ændringer i DNS kan tage op til et døgn om at slå igennem; prøv igen senere.',
    en: 'The TXT record {{name}} with the value {{value}} was not found yet. DNS changes can take up to a day to show; try again later.',
  },
  'domain.lookupFailed': {
    spec: 'da',
    da: 'DNS kunne ikke spørges lige nu. Prøv igen om lidt.',
    en: 'DNS could not be asked just now. Try again in a moment.',
  },
} as const satisfies Record<string, Entry>;
