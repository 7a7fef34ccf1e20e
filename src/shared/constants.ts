/** Business constants (limits, the trial, plans, roles, timings) and security defaults (sessions, throttles). */
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

export const ROLES = ['admin', 'instructor', 'learner'] as const;
export type Role = (typeof ROLES)[number];

export const NAV_SCROLL_THRESHOLD_PX = 50;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_LIMIT = 1;
/**
 * How long a page that is not ready waits before it shows its placeholder, and the fade a page
 * shows with. There are no enter/exit/stagger animations: a page that is ready shows at once, with
 * a fade of at most 200 ms (docs/decisions/008).
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
  /** A company system's requests with one API key. */
  perApiKeyPerMinute: 300,
  cvrLookupsPerHour: 30,
  /** A client's resource views counted in an hour (each view is a row; a visitor is an address and a browser). */
  resourceViewsPerHour: 60,
  /** A client's resource ratings in an hour (one stored per visitor and resource; a repeat replaces it). */
  resourceRatingsPerHour: 30,
} as const;

/**
 * What an API key may do (docs/decisions/061-api-keys.md): read the reports (and the people, groups,
 * courses and paths they name), manage people (invitations, roles, deactivation, group members),
 * manage enrolments (assigning courses and paths).
 */
export const API_KEY_SCOPES = ['reports:read', 'people:manage', 'enrolments:manage'] as const;

/** What a company's webhooks can be told of (docs/decisions/062-webhooks.md). */
export const WEBHOOK_EVENTS = ['enrolment.created', 'course.completed', 'certificate.issued', 'member.joined', 'member.left'] as const;
/** The event "Send test" sends: only ever to the webhook it was sent from. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * What a SCORM package may hold (docs/decisions/064-scorm-packages.md): it is unpacked on the
 * server, so the zip's own claims are not trusted and every entry and byte is counted as it comes.
 */
/** The most CMI data one SCORM run keeps (2004 allows 64,000 characters of suspend data alone). */
export const SCORM_RUN_BYTES = 256 * 1024;

export const SCORM_LIMITS = {
  /** The uploaded zip. */
  packedBytes: 500 * 1024 * 1024,
  /** All files unpacked: a zip bomb is stopped here. */
  unpackedBytes: 1024 * 1024 * 1024,
  entries: 10_000,
  /** imsmanifest.xml alone. */
  manifestBytes: 4 * 1024 * 1024,
} as const;

export const STORAGE_KEYS = {
  theme: 'theme',
  language: 'language',
  /** Set when the voice-control tutorial is finished with Get Started; the tutorial is then not shown again. */
  voiceTutorial: 'voice-tutorial-completed',
} as const;

export const LANGUAGES = ['da', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
