import type { Entry } from './entry.ts';

/**
 * The messages every page may need: registration, login, profile, CVR, company verification and
 * HTTP errors. The light pages (/login, /register) load only these; the other areas (areas/*.ts)
 * load with the app's pages (src/client/lib/i18n.ts).
 */
export const coreMessages = {
  // Registration (the form's rules, worded in English first)
  'register.companyName': { spec: 'en', en: 'Company name must be at least 2 characters', da: 'Virksomhedsnavn skal være mindst 2 tegn' },
  'register.cvrNumber': { spec: 'en', en: 'Please enter a valid CVR number', da: 'Indtast et gyldigt CVR-nummer' },
  'register.contactName': { spec: 'en', en: 'Contact name must be at least 2 characters', da: 'Kontaktnavn skal være mindst 2 tegn' },
  'register.email': { spec: 'en', en: 'Please enter a valid email address', da: 'Indtast en gyldig e-mailadresse' },
  'register.phone': { spec: 'en', en: 'Please enter a valid phone number', da: 'Indtast et gyldigt telefonnummer' },
  'register.address': { spec: 'en', en: 'Please enter a complete address', da: 'Indtast en komplet adresse' },
  'register.city': { spec: 'en', en: 'Please enter a valid city', da: 'Indtast en gyldig by' },
  'register.postalCode': { spec: 'en', en: 'Please enter a valid postal code', da: 'Indtast et gyldigt postnummer' },
  'register.password': { spec: 'en', en: 'Password must be at least 8 characters', da: 'Adgangskode skal være mindst 8 tegn' },
  'register.passwordMax': { spec: 'en', en: 'Password must be at most 128 characters', da: 'Adgangskode må højst være 128 tegn' },
  'register.confirmPassword': { spec: 'en', en: "Passwords don't match", da: 'Adgangskoderne matcher ikke' },
  'register.acceptTerms': { spec: 'en', en: 'You must accept the terms and conditions', da: 'Du skal acceptere vilkår og betingelser' },
  'register.cvrTaken': {
    spec: 'da',
    da: 'Dette CVR-nummer er allerede registreret. Log ind med den eksisterende konto.',
    en: 'This CVR number is already registered. Log in with the existing account.',
  },
  'register.emailTaken': { spec: 'da', da: 'Denne e-mailadresse er allerede i brug.', en: 'This email address is already in use.' },
  'register.cvrUnknown': {
    spec: 'da',
    da: 'CVR-nummeret findes ikke i CVR-registret. Kun danske virksomheder med et gyldigt CVR-nummer kan oprette en konto.',
    en: 'The CVR number was not found in the CVR registry. Only Danish businesses with a valid CVR number can create an account.',
  },

  // Login (the form's rules worded in English first; a failed or throttled login in Danish)
  'login.email': { spec: 'en', en: 'Please enter a valid email address', da: 'Indtast en gyldig e-mailadresse' },
  'login.passwordRequired': { spec: 'en', en: 'Password is required', da: 'Adgangskode er påkrævet' },
  'login.invalidCredentials': { spec: 'da', da: 'Ugyldig e-mail eller adgangskode.', en: 'Invalid email or password.' },
  'login.throttled': {
    spec: 'da',
    da: 'For mange mislykkede loginforsøg. Prøv igen om {{minutes}} min.',
    en: 'Too many failed login attempts. Try again in {{minutes}} min.',
  },

  // Profile (worded in Danish first)
  'profile.contactName': { spec: 'da', da: 'Navn skal være mindst 2 tegn', en: 'Name must be at least 2 characters' },
  'profile.email': { spec: 'da', da: 'Indtast en gyldig e-mailadresse', en: 'Please enter a valid email address' },
  'profile.phone': { spec: 'da', da: 'Indtast et gyldigt telefonnummer', en: 'Please enter a valid phone number' },
  'profile.companyName': { spec: 'da', da: 'Virksomhedsnavn skal være mindst 2 tegn', en: 'Company name must be at least 2 characters' },
  'profile.address': { spec: 'da', da: 'Indtast en komplet adresse', en: 'Please enter a complete address' },
  'profile.city': { spec: 'da', da: 'Indtast en gyldig by', en: 'Please enter a valid city' },
  'profile.postalCode': { spec: 'da', da: 'Indtast et gyldigt postnummer', en: 'Please enter a valid postal code' },
  'profile.website': { spec: 'da', da: 'Indtast en gyldig website-URL', en: 'Please enter a valid website URL' },
  'profile.tooLong': { spec: 'da', da: 'Teksten er for lang', en: 'The text is too long' },
  'profile.emailTaken': { spec: 'da', da: 'Denne e-mailadresse er allerede i brug.', en: 'This email address is already in use.' },
  'profile.demoLocked': {
    spec: 'da',
    da: 'Demokontoen deles af alle, der prøver Kursa, så dens oplysninger og adgangskode kan ikke ændres. Opret din egen virksomhedskonto for at prøve det.',
    en: 'The demo account is shared by everyone trying Kursa, so its details and password cannot be changed. Create your own company account to try this.',
  },
  'profile.companyAdminOnly': {
    spec: 'da',
    da: 'Kun en administrator kan ændre virksomhedens oplysninger.',
    en: 'Only an admin can change the company details.',
  },

  // Password change (worded in Danish first)
  'password.currentRequired': { spec: 'da', da: 'Indtast din nuværende adgangskode', en: 'Enter your current password' },
  'password.newMin': { spec: 'da', da: 'Ny adgangskode skal være mindst 8 tegn', en: 'New password must be at least 8 characters' },
  'password.newMax': { spec: 'da', da: 'Ny adgangskode må højst være 128 tegn', en: 'New password must be at most 128 characters' },
  'password.mismatch': { spec: 'da', da: 'Adgangskoderne matcher ikke', en: "Passwords don't match" },
  'password.throttled': {
    spec: 'da',
    da: 'For mange forkerte forsøg. Prøv igen om {{minutes}} min.',
    en: 'Too many wrong attempts. Try again in {{minutes}} min.',
  },
  'password.wrongCurrent': { spec: 'da', da: 'Nuværende adgangskode er forkert.', en: 'The current password is wrong.' },

  // CVR (the CVR field's rule and the look-up's toasts)
  'cvr.invalid': { spec: 'da', da: 'Indtast et gyldigt CVR-nummer', en: 'Enter a valid CVR number' },
  'cvr.notFound': {
    spec: 'da',
    da: 'Kunne ikke finde virksomhed med dette CVR-nummer.',
    en: 'Could not find a company with this CVR number.',
  },
  'cvr.unavailable': {
    spec: 'da',
    da: 'CVR-registret svarer ikke lige nu. Prøv igen senere, eller udfyld felterne selv.',
    en: 'The CVR registry is not answering right now. Try again later, or fill in the fields yourself.',
  },
  'cvr.quota': {
    spec: 'da',
    da: 'Dagens kvote af CVR-opslag er brugt. Prøv igen i morgen, eller udfyld felterne selv.',
    en: "Today's quota of CVR look-ups is used up. Try again tomorrow, or fill in the fields yourself.",
  },

  // Generic HTTP
  'http.unauthenticated': { spec: 'da', da: 'Du er ikke logget ind.', en: 'You are not logged in.' },
  'http.forbidden': { spec: 'da', da: 'Du har ikke adgang til dette.', en: 'You do not have access to this.' },
  'http.notFound': { spec: 'da', da: 'Ikke fundet.', en: 'Not found.' },
  'http.userNotFound': { spec: 'da', da: 'Brugeren blev ikke fundet.', en: 'User not found.' },
  'http.validation': { spec: 'da', da: 'Nogle felter er ikke udfyldt korrekt.', en: 'Some fields are not filled in correctly.' },
  'http.unknownField': { spec: 'da', da: 'Feltet kan ikke ændres her.', en: 'This field cannot be changed here.' },
  'http.badBody': { spec: 'da', da: 'Forespørgslen skal være et JSON-objekt.', en: 'The request body must be a JSON object.' },
  'http.invalidValue': { spec: 'da', da: 'Ugyldig værdi.', en: 'Invalid value.' },
  'http.badRequest': { spec: 'da', da: 'Forespørgslen kunne ikke behandles.', en: 'The request could not be processed.' },
  'http.badJson': { spec: 'da', da: 'Forespørgslen indeholder ugyldig JSON.', en: 'The request body is not valid JSON.' },
  'http.badContentType': { spec: 'da', da: 'Forespørgslen skal sendes som JSON.', en: 'The request body must be sent as JSON.' },
  'http.tooLarge': { spec: 'da', da: 'Forespørgslen er for stor (højst 1 MB).', en: 'The request is too large (at most 1 MB).' },
  'http.foreignOrigin': {
    spec: 'da',
    da: 'Forespørgsler fra andre websites er ikke tilladt.',
    en: 'Requests from other sites are not allowed.',
  },
  'http.rateLimited': { spec: 'da', da: 'For mange forespørgsler. Prøv igen om lidt.', en: 'Too many requests. Please try again shortly.' },
  'http.internal': { spec: 'da', da: 'Der opstod en uventet fejl. Prøv igen.', en: 'An unexpected error occurred. Please try again.' },
  // Company verification
  'register.cvrHeldUnconfirmed': {
    spec: 'da',
    da: 'En anden konto har registreret dette CVR-nummer uden at bekræfte virksomheden. Den, der beviser at de handler for virksomheden – med en e-mailadresse på virksomhedens eget domæne eller en kode sendt til virksomhedens e-mailadresse i CVR-registret – kan overtage det, men det er ikke muligt for denne registrering.',
    en: "Another account has registered this CVR number without confirming the company. Whoever proves they act for the company – with an email address on the company's own domain, or a code sent to the company's email address in the CVR registry – can take it over, but that is not possible for this registration.",
  },
  'verification.adminOnly': {
    spec: 'da',
    da: 'Kun en administrator kan bekræfte virksomheden.',
    en: 'Only an admin can confirm the company.',
  },
  'verification.alreadyConfirmed': { spec: 'da', da: 'Virksomheden er allerede bekræftet.', en: 'The company is already confirmed.' },
  'verification.noCompanyEmail': {
    spec: 'da',
    da: 'CVR-registret har ingen e-mailadresse for virksomheden, så der kan ikke sendes en kode.',
    en: 'The CVR registry has no email address for the company, so no code can be sent.',
  },
  'verification.notOnDomain': {
    spec: 'da',
    da: 'Din login-e-mail er ikke på virksomhedens domæne.',
    en: "Your login email is not on the company's domain.",
  },
  'verification.mailFailed': {
    spec: 'da',
    da: 'E-mailen med koden kunne ikke sendes. Prøv igen om lidt.',
    en: 'The email with the code could not be sent. Please try again shortly.',
  },
  'verification.resendWait': {
    spec: 'da',
    da: 'Der er lige sendt en kode. Vent {{seconds}} sekunder, før du beder om en ny.',
    en: 'A code was just sent. Wait {{seconds}} seconds before asking for a new one.',
  },
  'verification.tooManyCodes': {
    spec: 'da',
    da: 'Der er sendt for mange koder til virksomheden den seneste time. Prøv igen senere.',
    en: 'Too many codes have been sent to the company in the last hour. Please try again later.',
  },
  'verification.codeFormat': { spec: 'da', da: 'Koden består af 8 tegn, fx K7QX-M2PD.', en: 'The code has 8 characters, e.g. K7QX-M2PD.' },
  'verification.codeWrong': {
    spec: 'da',
    da: 'Koden er forkert. Du har {{left}} forsøg tilbage.',
    en: 'The code is wrong. You have {{left}} attempts left.',
  },
  'verification.codeWrongField': { spec: 'da', da: 'Koden er forkert.', en: 'The code is wrong.' },
  'verification.codeExpired': {
    spec: 'da',
    da: 'Koden virker ikke længere (udløbet, brugt eller for mange forsøg). Bed om en ny kode.',
    en: 'The code no longer works (expired, used or too many attempts). Ask for a new code.',
  },
  'verification.requiredToPublish': {
    spec: 'da',
    da: 'Bekræft først, at du handler for virksomheden. Indtil da kan kurser bygges, men ikke udgives eller sælges.',
    en: 'First confirm that you act for the company. Until then, courses can be built but not published or sold.',
  },
  'profile.currentPasswordRequired': {
    spec: 'da',
    da: 'Indtast din nuværende adgangskode for at ændre din e-mail.',
    en: 'Enter your current password to change your email.',
  },

  // Reliability: malformed, slow or oversized requests, and registration's throttle
  'http.controlCharacters': {
    spec: 'da',
    da: 'Feltet indeholder kontroltegn, som ikke er tilladt.',
    en: 'The field contains control characters, which are not allowed.',
  },
  'http.badUrl': { spec: 'da', da: 'Adressen er ugyldig.', en: 'The address is not valid.' },
  'http.timeout': { spec: 'da', da: 'Forespørgslen tog for lang tid at modtage.', en: 'The request took too long to arrive.' },
  'http.headersTooLarge': { spec: 'da', da: 'Forespørgslens headere er for store.', en: 'The request headers are too large.' },
  'register.throttled': {
    spec: 'da',
    da: 'For mange registreringsforsøg fra din adresse. Prøv igen om {{minutes}} min.',
    en: 'Too many registration attempts from your address. Try again in {{minutes}} min.',
  },
} as const satisfies Record<string, Entry>;
