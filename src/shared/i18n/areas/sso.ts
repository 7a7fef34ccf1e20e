import type { Entry } from '../entry.ts';

/** Single sign-on at a company's identity provider (docs/decisions/058-single-sign-on.md). Written in Danish first. */
export const ssoMessages = {
  'sso.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan se og ændre single sign-on.',
    en: "Only the company's admins can see and change single sign-on.",
  },
  'sso.passwordRefused': {
    spec: 'da',
    da: 'Din virksomhed kræver, at du logger ind via dens single sign-on. Brug knappen til din virksomheds login.',
    en: 'Your company requires you to log in through its single sign-on. Use the button for your company’s login.',
  },
  'sso.noVerifiedDomain': {
    spec: 'da',
    da: 'Bekræft mindst ét af virksomhedens e-maildomæner, før single sign-on slås til.',
    en: "Verify at least one of the company's email domains before turning single sign-on on.",
  },
  'sso.tenantInvalid': {
    spec: 'da',
    da: 'Skriv mappe-id’et »Directory (tenant) ID« fra Microsoft Entra ID, fx 72f988bf-86f1-41af-91ab-2d7cd011db47.',
    en: 'Enter the Directory (tenant) ID from Microsoft Entra ID, e.g. 72f988bf-86f1-41af-91ab-2d7cd011db47.',
  },
  'sso.issuerInvalid': {
    spec: 'da',
    da: 'Skriv udbyderens adresse (issuer), fx https://login.eksempel.dk.',
    en: "Enter the provider's address (issuer), e.g. https://login.example.com.",
  },
  'sso.clientIdInvalid': {
    spec: 'da',
    da: 'Skriv klient-id’et, som udbyderen gav Kursa.',
    en: 'Enter the client ID the provider gave Kursa.',
  },
  'sso.clientSecretMissing': {
    spec: 'da',
    da: 'Skriv klienthemmeligheden, som udbyderen gav Kursa.',
    en: 'Enter the client secret the provider gave Kursa.',
  },
  'sso.discoveryFailed': {
    spec: 'da',
    da: 'Udbyderen svarede ikke med sin OpenID-konfiguration. Tjek adressen, og prøv igen.',
    en: 'The provider did not answer with its OpenID configuration. Check the address and try again.',
  },
  'sso.breakGlassMissing': {
    spec: 'da',
    da: 'Vælg den administrator, der beholder sin adgangskode, hvis udbyderen ikke svarer.',
    en: 'Choose the admin who keeps their password in case the provider does not answer.',
  },
  'sso.breakGlassNotAdmin': {
    spec: 'da',
    da: 'Nødadgangen skal være en aktiv administrator i virksomheden.',
    en: 'The emergency access must be an active admin of the company.',
  },
  'sso.breakGlassNeedsSecondFactor': {
    spec: 'da',
    da: 'Administratoren med nødadgang skal have totrinsbekræftelse slået til først.',
    en: 'The admin with emergency access must turn on two-step verification first.',
  },
  'sso.groupNotFound': {
    spec: 'da',
    da: 'En af grupperne findes ikke længere. Vælg grupperne igen.',
    en: 'One of the groups no longer exists. Choose the groups again.',
  },
  'sso.groupInvalid': {
    spec: 'da',
    da: 'Skriv gruppens id hos udbyderen (højst 200 tegn).',
    en: "Enter the group's ID at the provider (at most 200 characters).",
  },
  'sso.metadataUrlInvalid': {
    spec: 'da',
    da: 'Skriv en gyldig adresse til udbyderens metadata.',
    en: "Enter a valid address for the provider's metadata.",
  },
  'sso.samlMetadataInvalid': {
    spec: 'da',
    da: 'Metadataene kunne ikke læses. Indsæt udbyderens SAML-metadata (XML) med login-adresse og signeringscertifikat.',
    en: "The metadata could not be read. Paste the provider's SAML metadata (XML) with its login address and signing certificate.",
  },
  'sso.logoutRefused': {
    spec: 'da',
    da: 'Logout-beskeden blev afvist.',
    en: 'The logout message was refused.',
  },
  'sso.samlMetadataUnreachable': {
    spec: 'da',
    da: 'Metadataene kunne ikke hentes fra adressen. Tjek at den er rigtig og bruger https, eller indsæt metadataene (XML).',
    en: 'The metadata could not be fetched from the address. Check that it is right and uses https, or paste the metadata (XML).',
  },
  'sso.samlIncomplete': {
    spec: 'da',
    da: 'Før SAML kan slås til, skal udbyderens metadata med login-adresse og signeringscertifikat indsættes.',
    en: "Before SAML can be turned on, add the provider's metadata with its login address and signing certificate.",
  },
  'sso.samlUnknownCompany': {
    spec: 'da',
    da: 'Virksomheden findes ikke, eller den logger ikke ind med SAML.',
    en: 'The company does not exist, or it does not log in with SAML.',
  },
} as const satisfies Record<string, Entry>;
