/** Business constants from SPEC §9 and security defaults from DESIGN.md. */
export const CVR_LOOKUP_DELAY_MS = 500;
export const CVR_SAMPLES = ['42318779', '25052943', '12345678', '87654321'] as const;

export const MIN_LENGTH = {
  name: 2,
  phone: 8,
  company: 2,
  address: 5,
  city: 2,
  postalCode: 4,
  password: 8,
} as const;
export const PASSWORD_MAX_LENGTH = 128;

export const TRIAL_DAYS = 14;
export const PLANS = ['trial', 'starter', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
/** The plans a company can buy (the trial is not bought). */
export const PAID_PLANS = ['starter', 'professional', 'enterprise'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/**
 * SPEC §9's pricing page, in øre (DKK minor units) per month, without moms: monthly billing, and
 * the monthly price on annual billing (25 % less, billed as twelve months at once).
 */
export const PLAN_PRICES_ORE: Record<PaidPlan, Record<BillingPeriod, number>> = {
  starter: { monthly: 19_900, annual: 14_900 },
  professional: { monthly: 39_900, annual: 29_900 },
  enterprise: { monthly: 79_900, annual: 59_900 },
};
export const ANNUAL_DISCOUNT_PERCENT = 25;
/** The landing page's stats: a learner counts as active with learning activity within this many days. */
export const ACTIVE_LEARNER_DAYS = 30;

/** What a plan allows; null is no limit. */
export interface PlanLimits {
  /** Published courses at once. */
  activeCourses: number | null;
  /** Learners ("students"): active learners plus open learner invitations. */
  students: number | null;
  /** Admins: active admins plus open admin invitations. */
  admins: number | null;
}

/**
 * SPEC §9 and §6: Starter up to 5 courses and 100 students; Professional unlimited courses, 1,000
 * students and 3 admins; Enterprise no limits. The trial behaves as Professional. SPEC names no
 * admin limit for Starter; a smaller plan allows no more than Professional, so it is 3 as well
 * (docs/decisions/026-plans-and-read-only.md).
 */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  trial: { activeCourses: null, students: 1000, admins: 3 },
  starter: { activeCourses: 5, students: 100, admins: 3 },
  professional: { activeCourses: null, students: 1000, admins: 3 },
  enterprise: { activeCourses: null, students: null, admins: null },
};
/** The plans' names as SPEC §9 gives them (the same in Danish and English). */
export const PLAN_NAMES: Record<PaidPlan, string> = { starter: 'Starter', professional: 'Professional', enterprise: 'Enterprise' };
/**
 * A paid plan stays active this long after the end of the period paid for, so a renewal whose
 * payment or webhook arrives late never turns a paying company read-only.
 */
export const PLAN_GRACE_DAYS = 3;
/** Danish moms on every invoice line, in per cent. */
export const VAT_PERCENT = 25;

export const ROLES = ['admin', 'instructor', 'learner'] as const;
export type Role = (typeof ROLES)[number];

export const NAV_SCROLL_THRESHOLD_PX = 50;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_LIMIT = 1;
/**
 * SPEC §9's placeholder delay. Its enter/exit/stagger timings gave way to issue 10's rule: a page
 * that is ready shows at once, with a fade of at most 200 ms (docs/decisions/008).
 */
export const PAGE_TRANSITION = {
  placeholderDelayMs: 300,
  fadeMs: 150,
} as const;

export const SESSION = {
  cookieName: 'kursa_session',
  rememberDays: 30,
  /** A session without "remember me" ends after this much inactivity. */
  idleHours: 12,
  /** last_seen_at is written at most this often, so reads stay cheap. */
  touchEveryMs: 5 * 60 * 1000,
} as const;

export const LOGIN_THROTTLE = {
  windowMs: 5 * 60 * 1000,
  maxFailuresPerAccountIp: 10,
  maxFailuresPerIp: 50,
} as const;

/**
 * Registration tells whether an e-mail or CVR number is taken (a help to honest users), so it is
 * throttled per IP (an IPv6 /64 as one) to keep that answer from being harvested at scale.
 */
export const REGISTRATION_THROTTLE = {
  windowMs: 60 * 60 * 1000,
  maxPerIp: 20,
} as const;

/** API-wide request ceilings (login has its own, stricter throttle). */
export const RATE_LIMIT = {
  perIpPerMinute: 600,
  perSessionPerMinute: 1200,
  cvrLookupsPerHour: 30,
} as const;

export const STORAGE_KEYS = {
  theme: 'theme',
  language: 'language',
  /** SPEC §3/§4: set when the voice-control tutorial is finished with Get Started. */
  voiceTutorial: 'voice-tutorial-completed',
} as const;

export const LANGUAGES = ['da', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * SPEC §9's voice control: continuous recognition in the interface language, a scroll step of
 * 300 px (smooth), feedback cleared after 3 s, spoken replies at rate 0.8, pitch 1, volume 0.7.
 * (It sits in every page's first-load chunk with this file: kept to what SPEC fixes.)
 */
export const VOICE = {
  languages: { en: 'en-US', da: 'da-DK' } satisfies Record<Language, string>,
  scrollStepPx: 300,
  feedbackMs: 3000,
  speech: { rate: 0.8, pitch: 1, volume: 0.7 },
} as const;
