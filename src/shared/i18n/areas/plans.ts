import type { Entry } from '../entry.ts';

/**
 * Plans and trials: read-only after the trial or plan, and the plans' limits. Written in Danish
 * first, so Danish is their default. Every message names the way on: a plan is chosen under
 * Abonnement (/billing).
 */
export const planMessages = {
  /** The client's toast title over a refused write's message. */
  'plan.requiredTitle': { spec: 'da', da: 'Abonnement påkrævet', en: 'A plan is required' },
  'plan.requiredTrial': {
    spec: 'da',
    da: 'Prøveperioden er slut, så virksomhedens data er skrivebeskyttet: alt er gemt og kan stadig ses, men intet kan ændres, før I vælger et abonnement under »Abonnement« (/billing).',
    en: "The trial has ended, so the company's data is read-only: everything is kept and can still be viewed, but nothing can be changed until you choose a plan under Billing (/billing).",
  },
  'plan.required': {
    spec: 'da',
    da: 'Abonnementet er udløbet, så virksomhedens data er skrivebeskyttet: alt er gemt og kan stadig ses, men intet kan ændres, før I fornyer eller vælger et abonnement under »Abonnement« (/billing).',
    en: "The plan has expired, so the company's data is read-only: everything is kept and can still be viewed, but nothing can be changed until you renew or choose a plan under Billing (/billing).",
  },
  'plan.advancedAnalytics': {
    spec: 'da',
    da: 'Analyser over tid og kursus for kursus er med i abonnementerne Professional og Enterprise. Vælg et større abonnement under »Abonnement« (/billing).',
    en: 'Analytics over time and course by course come with the Professional and Enterprise plans. Choose a larger plan under Billing (/billing).',
  },
  'plan.whiteLabel': {
    spec: 'da',
    da: 'White label – uden Kursas mærke på sitet, kursusbeviserne og e-mails – er med i abonnementerne Professional og Enterprise. Vælg et større abonnement under »Abonnement« (/billing).',
    en: 'White label – no Kursa mark on the site, the certificates and emails – comes with the Professional and Enterprise plans. Choose a larger plan under Billing (/billing).',
  },
  'plan.customDomain': {
    spec: 'da',
    da: 'Et eget domæne til virksomhedens side er med i abonnementerne Professional og Enterprise. Vælg et større abonnement under »Abonnement« (/billing).',
    en: "A domain of the company's own for its site comes with the Professional and Enterprise plans. Choose a larger plan under Billing (/billing).",
  },
  'plan.staffOnly': {
    spec: 'da',
    da: 'Kun virksomhedens administratorer og instruktører kan se abonnementet.',
    en: "Only the company's admins and instructors can see the plan.",
  },
  'plan.courseLimit': {
    spec: 'da',
    da: 'Abonnementet {{plan}} giver plads til {{limit}} udgivne kurser. Afpublicér eller arkivér et kursus, eller vælg et større abonnement under »Abonnement« (/billing).',
    en: 'The {{plan}} plan allows {{limit}} published courses. Unpublish or archive a course, or choose a larger plan under Billing (/billing).',
  },
  'plan.courseLimitTrial': {
    spec: 'da',
    da: 'Prøveperioden svarer til {{plan}} og giver plads til {{limit}} udgivne kurser. Afpublicér eller arkivér et kursus, eller vælg et abonnement under »Abonnement« (/billing).',
    en: 'The trial works as {{plan}} and allows {{limit}} published courses. Unpublish or archive a course, or choose a plan under Billing (/billing).',
  },
  'plan.studentLimit': {
    spec: 'da',
    da: 'Abonnementet {{plan}} giver plads til {{limit}} kursister, og alle pladser er brugt. Deaktiver en kursist, eller vælg et større abonnement under »Abonnement« (/billing).',
    en: 'The {{plan}} plan has room for {{limit}} learners, and every place is taken. Deactivate a learner, or choose a larger plan under Billing (/billing).',
  },
  'plan.studentLimitTrial': {
    spec: 'da',
    da: 'Prøveperioden svarer til {{plan}} og giver plads til {{limit}} kursister, og alle pladser er brugt. Deaktiver en kursist, eller vælg et abonnement under »Abonnement« (/billing).',
    en: 'The trial works as {{plan}} and has room for {{limit}} learners, and every place is taken. Deactivate a learner, or choose a plan under Billing (/billing).',
  },
  'plan.adminLimit': {
    spec: 'da',
    da: 'Abonnementet {{plan}} giver plads til {{limit}} administratorer, og alle pladser er brugt. Giv en administrator en anden rolle, eller vælg et større abonnement under »Abonnement« (/billing).',
    en: 'The {{plan}} plan has room for {{limit}} admins, and every place is taken. Give an admin another role, or choose a larger plan under Billing (/billing).',
  },
  'plan.adminLimitTrial': {
    spec: 'da',
    da: 'Prøveperioden svarer til {{plan}} og giver plads til {{limit}} administratorer, og alle pladser er brugt. Giv en administrator en anden rolle, eller vælg et abonnement under »Abonnement« (/billing).',
    en: 'The trial works as {{plan}} and has room for {{limit}} admins, and every place is taken. Give an admin another role, or choose a plan under Billing (/billing).',
  },
} as const satisfies Record<string, Entry>;
