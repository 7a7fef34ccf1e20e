import type { Entry } from '../entry.ts';

/** Plans, paid courses, payments and invoices. Written in Danish first, so Danish is their default. */
export const billingMessages = {
  'billing.notConfigured': {
    spec: 'da',
    da: 'Betalinger er ikke sat op på denne installation.',
    en: 'Payments are not set up on this installation.',
  },
  'billing.sellerNotConfigured': {
    spec: 'da',
    da: 'Betalinger kan ikke startes: sælgerens navn, adresse og CVR-nummer til fakturaerne mangler (INVOICE_SELLER_NAME, INVOICE_SELLER_CVR, INVOICE_SELLER_ADDRESS).',
    en: "Payments cannot start: the seller's name, address and CVR number for the invoices are missing (INVOICE_SELLER_NAME, INVOICE_SELLER_CVR, INVOICE_SELLER_ADDRESS).",
  },
  'billing.adminOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer kan håndtere abonnement og fakturering.',
    en: "Only the company's admins can manage the plan and billing.",
  },
  'billing.planInvalid': {
    spec: 'da',
    da: 'Vælg Starter, Professional eller Enterprise.',
    en: 'Choose Starter, Professional or Enterprise.',
  },
  'billing.periodInvalid': { spec: 'da', da: 'Vælg månedlig eller årlig betaling.', en: 'Choose monthly or annual billing.' },
  'billing.seatsInvalid': {
    spec: 'da',
    da: 'Antal pladser skal være et helt tal fra 1 til 1.000.',
    en: 'The number of seats must be a whole number from 1 to 1,000.',
  },
  'billing.buyForInvalid': {
    spec: 'da',
    da: 'Vælg om kurset købes til dig selv eller som pladser til virksomheden.',
    en: 'Choose whether the course is bought for yourself or as seats for the company.',
  },
  'billing.eanInvalid': { spec: 'da', da: 'Et EAN-nummer er 13 cifre.', en: 'An EAN number is 13 digits.' },
  'billing.alreadySubscribed': {
    spec: 'da',
    da: 'Virksomheden har allerede et aktivt abonnement.',
    en: 'The company already has an active subscription.',
  },
  'billing.noSubscription': {
    spec: 'da',
    da: 'Virksomheden har intet abonnement at ændre. Vælg et abonnement først.',
    en: 'The company has no subscription to change. Choose a plan first.',
  },
  'billing.samePlan': { spec: 'da', da: 'Det er allerede jeres abonnement.', en: 'That is already your plan.' },
  'billing.resumeFirst': {
    spec: 'da',
    da: 'Abonnementet er opsagt. Genoptag det, før I skifter plan.',
    en: 'The subscription is cancelled. Resume it before changing plan.',
  },
  'billing.withdrawFirst': {
    spec: 'da',
    da: 'Et skift venter på periodens udløb. Fortryd det først, og vælg så igen.',
    en: 'A change is waiting for the end of the period. Withdraw it first, then choose again.',
  },
  'billing.noPendingChange': {
    spec: 'da',
    da: 'Der er intet planlagt skift at fortryde.',
    en: 'There is no scheduled change to withdraw.',
  },
  'billing.alreadyCancelled': { spec: 'da', da: 'Abonnementet er allerede opsagt.', en: 'The subscription is already cancelled.' },
  'billing.notCancelled': { spec: 'da', da: 'Abonnementet er ikke opsagt.', en: 'The subscription is not cancelled.' },
  'billing.paymentDeclined': {
    spec: 'da',
    da: 'Betalingskortet blev afvist, så intet er ændret.',
    en: 'The payment card was declined, so nothing changed.',
  },
  'billing.courseNotFound': { spec: 'da', da: 'Kurset blev ikke fundet.', en: 'Course not found.' },
  'billing.ownCourse': {
    spec: 'da',
    da: 'Kurset er jeres eget; virksomhedens folk tilmelder sig uden betaling.',
    en: "The course is your company's own; its people enrol without paying.",
  },
  'billing.courseFree': { spec: 'da', da: 'Kurset er gratis og skal ikke købes.', en: 'The course is free and need not be bought.' },
  'billing.alreadyEnrolled': { spec: 'da', da: 'Du er allerede tilmeldt kurset.', en: 'You are already enrolled in this course.' },
  'billing.badSignature': { spec: 'da', da: 'Hændelsens signatur er ugyldig.', en: "The event's signature is not valid." },
  'billing.providerFailed': {
    spec: 'da',
    da: 'Betalingen kunne ikke startes hos Stripe. Prøv igen om lidt.',
    en: 'The payment could not be started at Stripe. Please try again shortly.',
  },
  'billing.amountTooLarge': {
    spec: 'da',
    da: 'Købet er for stort til én betaling (højst 999.999,99 med moms). Køb færre pladser ad gangen.',
    en: 'The purchase is too large for one payment (at most 999,999.99 with moms). Buy fewer seats at a time.',
  },
  'billing.invoiceNotFound': { spec: 'da', da: 'Fakturaen blev ikke fundet.', en: 'Invoice not found.' },
} as const satisfies Record<string, Entry>;
