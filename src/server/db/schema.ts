import type { ColumnType } from 'kysely';
import type { ComplianceTables } from './schema-compliance.ts';
import type { LearningPathTables } from './schema-paths.ts';
import type { MailTables } from './schema-mail.ts';
import type { AuditTables } from './schema-audit.ts';
import type { PrivacyTables } from './schema-privacy.ts';
import type { TwoFactorTables } from './schema-two-factor.ts';
import type { SsoTables } from './schema-sso.ts';
import type { PasskeyTables } from './schema-passkeys.ts';
import type { ScimTables } from './schema-scim.ts';
import type { ApiKeyTables } from './schema-api-keys.ts';
import type { WebhookTables, XapiTables } from './schema-integrations.ts';
import type { DomainTables } from './schema-domains.ts';
import type { Language, Plan, Role } from '../../shared/constants.ts';
import type { BillingPeriod, PaidPlan } from '../../shared/plans.ts';
import type { AssistantSlug } from '../../shared/schemas/assistants.ts';
import type { CourseCategory, CourseLevel, CourseStatus, Currency, Pricing, Source, Visibility } from '../../shared/schemas/courses.ts';
import type { LessonFormat, LessonKind } from '../../shared/schemas/lesson-content.ts';
import type { ScormTables } from './schema-scorm.ts';

/**
 * Table types. Portable across SQLite and PostgreSQL: ids are app-made text, timestamps are
 * ISO-8601 UTC text (sortable as text), flags are 0/1 integers and JSON is text.
 */
export interface OrganisationsTable {
  id: string;
  cvr: string;
  name: string;
  address: string;
  city: string;
  postal_code: string;
  phone: string | null;
  email: string | null;
  /** 1 when the registrant proved control of the company, never for registry existence alone. */
  verified: number;
  /** 'domain' | 'code' | null: how control was proved. */
  verified_method: 'domain' | 'code' | null;
  verified_at: string | null;
  /** What the CVR registry said at registration: 'found' | 'not_found' | 'unchecked'. */
  registry_status: 'found' | 'not_found' | 'unchecked';
  /** The company's e-mail address as the registry knows it. */
  registry_email: string | null;
  registry_checked_at: string | null;
  plan: Plan;
  trial_ends_at: string | null;
  /** A paid plan's billing period, 'monthly' | 'annual' (migration 018); null on the trial. */
  plan_period: BillingPeriod | null;
  /** The end of the period paid for (UTC ISO); the webhooks move it on at each renewal. */
  plan_paid_until: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** The subscription cancelled at the period's end: when it ends (migration 061); null when it renews. */
  subscription_cancel_at: string | null;
  /** A change of plan waiting at Stripe for the period's end, and when it takes effect (migration 061). */
  subscription_pending_plan: PaidPlan | null;
  subscription_pending_period: BillingPeriod | null;
  subscription_pending_from: string | null;
  /** When Stripe made the invoice or checkout that set the plan (migration 061): an older one does not set it again. */
  plan_set_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A public-sector buyer's EAN location number (13 digits), printed on its invoices. */
  ean: string | null;
  /** The company's site at {subdomain}.{host of PUBLIC_URL}; null until chosen. */
  subdomain: string | null;
  created_at: string;
  updated_at: string;
  /** Whom the company requires a second factor of (migration 052). */
  two_factor_policy: ColumnType<'off' | 'admins' | 'everyone', 'off' | 'admins' | 'everyone' | undefined, 'off' | 'admins' | 'everyone'>;
  /** When the company was deleted at its own request (migration 049); null while it exists. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UsersTable {
  id: string;
  organisation_id: string;
  email: string;
  password_hash: string;
  contact_name: string;
  phone: string;
  role: Role;
  bio: string | null;
  expertise: string | null;
  website: string | null;
  preferences: string;
  /** 'da' | 'en' | null: the language mails to this user go out in (null: Danish). */
  language: Language | null;
  /** When the member was deactivated (they can no longer log in); null while active. */
  deactivated_at: string | null;
  /** When their personal data was erased: the row stays only as the pseudonym their kept records point at. */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When they last logged in (a session was started for them); null until their first login. */
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  persistent: number;
  expires_at: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string | null;
  /** The address the session was started from (migration 051; null before). */
  ip: string | null;
}

export interface LoginFailuresTable {
  id: string;
  account: string;
  ip: string;
  created_at: string;
}

export interface RegistrationAttemptsTable {
  id: string;
  ip: string;
  created_at: string;
}

export interface CvrCacheTable {
  cvr: string;
  found: number;
  payload: string | null;
  fetched_at: string;
}

/** A confirmation code sent to a company's registered e-mail address (stored hashed, one use). */
export interface CompanyClaimsTable {
  id: string;
  organisation_id: string;
  user_id: string | null;
  registration: string | null;
  requester_email: string;
  code_hash: string;
  sent_to: string;
  attempts: number;
  expires_at: string;
  created_at: string;
}

/** A course (migration 004). Enumerations are checked by the database as well; lists and JSON are text. */
export interface CoursesTable {
  id: string;
  organisation_id: string;
  owner_id: string;
  title: string;
  slug: string;
  subtitle: string;
  description: string;
  /** business | technology | design | leadership | analytics */
  category: CourseCategory;
  /** beginner | intermediate | advanced */
  level: CourseLevel;
  /** da | en */
  language: Language;
  /** JSON string[] */
  tags: string;
  thumbnail_upload_id: string | null;
  /** JSON string[] */
  learning_objectives: string;
  target_audience: string;
  duration_minutes: number | null;
  /** free | paid */
  pricing: Pricing;
  /** Minor units. */
  price: number;
  /** DKK | EUR | USD */
  currency: Currency;
  /** public | unlisted | private */
  visibility: Visibility;
  /** draft | published | archived */
  status: CourseStatus;
  published_at: string | null;
  /** manual | ai */
  source: Source;
  /** 'provider:model' when the AI creator wrote it. */
  source_model: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** The course this one was translated from (migration 015); null for an original. */
  translation_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when its learners may ask questions the course's other learners see (migration 062). */
  public_questions: ColumnType<number, number | undefined, number>;
}

export interface CourseModulesTable {
  id: string;
  course_id: string;
  position: number;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
  /** manual | ai (migration 013; default manual). */
  source?: Source;
  source_model?: string | null;
}

export interface LessonsTable {
  id: string;
  course_id: string;
  module_id: string;
  position: number;
  title: string;
  /** text | video | quiz | download | scorm */
  kind: LessonKind;
  /** JSON, shaped by the kind (src/shared/schemas/lesson-content.ts). */
  content: string;
  /** lesson | video-script | presentation | audio-narration | visual-content | interactive, or null. */
  format: LessonFormat | null;
  /** manual | ai */
  source: Source;
  source_model: string | null;
  duration_minutes: number | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** The job that last wrote the lesson and the version its write produced (migration 013). */
  ai_job_id?: string | null;
  ai_job_version?: number | null;
  /** 1: anyone may open the lesson from a published public or unlisted course's page (migration 030). */
  free_preview?: number;
}

export interface LessonRevisionsTable {
  id: string;
  lesson_id: string;
  version: number;
  title: string;
  kind: LessonKind;
  content: string;
  author_id: string | null;
  /** When the revision began: one author's saves within ten minutes of it update the revision. */
  created_at: string;
  /** When the revision's content was last written. */
  saved_at: string;
}

export interface UploadsTable {
  id: string;
  organisation_id: string;
  course_id: string | null;
  uploaded_by: string | null;
  /** image | video | download */
  kind: 'image' | 'video' | 'download';
  mime: string;
  /** bigint: PostgreSQL answers it as a string, so read it through Number(). */
  size: number | string;
  original_name: string;
  storage_key: string;
  created_at: string;
  /** 'upload' (a person's file) or 'ai' (drawn by the image model; migration 063). */
  origin: ColumnType<'upload' | 'ai', 'upload' | 'ai' | undefined, 'upload' | 'ai'>;
  /** The image's description for those who cannot see it (the model's, editable). */
  alt_text: string | null;
  /** What the image model was asked to draw. */
  ai_prompt: string | null;
  ai_provider: string | null;
  ai_model: string | null;
  /** What it was drawn for: 'cover', or the id of the lesson it illustrates. */
  ai_target: string | null;
}

/** One row (id 1): a version triggers raise with every write that changes what the catalogue shows (migrations 005, 033). */
export interface CatalogueStateTable {
  id: number;
  version: number;
}

/** An invitation to join a company, by a single-use link (migration 006). */
export interface InvitationsTable {
  id: string;
  organisation_id: string;
  email: string;
  /** admin | instructor | learner */
  role: Role;
  contact_name: string | null;
  language: Language;
  token_hash: string;
  invited_by: string | null;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: string | null;
  revoked_at: string | null;
  created_at: string;
  /** JSON array of the groups the person joins on accepting (migration 041); null: none. */
  group_ids: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EnrolmentsTable {
  id: string;
  course_id: string;
  user_id: string;
  /** self | assigned */
  source: 'self' | 'assigned';
  assigned_by: string | null;
  due_at: string | null;
  enrolled_at: string;
  /** Whole per cent of lessons completed. */
  progress: number;
  last_lesson_id: string | null;
  last_activity_at: string | null;
  completed_at: string | null;
  /** Which taking of the course this is (migration 041): a recurring requirement opens the next. */
  cycle: ColumnType<number, number | undefined, number>;
}

/** Kept by triggers (migration 008) from enrolments: per course, for the instructor dashboard. */
export interface CourseFiguresTable {
  course_id: string;
  enrolments: number;
  completions: number;
  /** The sum of the enrolments' progress (average = progress_total / enrolments). */
  progress_total: number;
}

/** Kept by triggers (migration 008) from enrolments and course_views: per course and UTC day. */
export interface CourseDayFiguresTable {
  course_id: string;
  /** YYYY-MM-DD (UTC), as the first ten characters of the timestamps. */
  day: string;
  enrolments: number;
  completions: number;
  views: number;
}

/** Kept by triggers (migration 008): each learner enrolled in a course owner's courses, and in how many. */
export interface OwnerLearnersTable {
  owner_id: string;
  user_id: string;
  enrolments: number;
}

/**
 * Raised by triggers (migration 032) with every write the instructor dashboard's stats and
 * analytics read, per course owner: what a server kept of those figures holds while it is unchanged.
 */
export interface DashboardVersionsTable {
  owner_id: string;
  version: number;
}

export interface LessonProgressTable {
  enrolment_id: string;
  lesson_id: string;
  position_seconds: number;
  duration_seconds: number | null;
  /** JSON `[[start, end], …]`: the seconds of the video played, merged and in order (migration 025). */
  watched_ranges: string | null;
  completed_at: string | null;
  updated_at: string;
}

export interface QuizAttemptsTable {
  id: string;
  enrolment_id: string;
  lesson_id: string;
  attempt: number;
  /** JSON */
  answers: string;
  /** JSON */
  result: string;
  score: number;
  passed: number;
  created_at: string;
  /** The enrolment's cycle it was made in (migration 041). */
  cycle: ColumnType<number, number | undefined, number>;
}

export interface CertificatesTable {
  id: string;
  code: string;
  /** The course's enrolment; null on a learning path's certificate (migration 042). */
  enrolment_id: string | null;
  user_id: string;
  /** Null on a learning path's certificate. */
  course_id: string | null;
  organisation_id: string;
  holder_name: string;
  course_title: string;
  company_name: string;
  instructor_name: string;
  language: string;
  minutes: number;
  issued_at: string;
  signature: string;
  key_id: string;
  revoked_at: string | null;
  revoked_by: string | null;
  revoked_reason: string | null;
  /** The enrolment's cycle it was earned in (migration 041): one certificate per cycle. */
  cycle: ColumnType<number, number | undefined, number>;
  /** When it stops being valid (a recurring requirement's course); null: never. */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The whole per cent of quiz questions answered right when earned; null: the course has no quiz. */
  score: ColumnType<number | null, number | null | undefined, number | null>;
  /** A learning path's certificate: the path and the person's place on it (plain ids: it outlives them); null on a course's. */
  path_id: ColumnType<string | null, string | null | undefined, string | null>;
  path_enrolment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When its holder's personal data was erased (migration 047): their name is gone and the
   * certificate is signed again over a statement that says so (statement.ts).
   */
  holder_erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The public half of every key that has signed certificates (migration 007). */
export interface SigningKeysTable {
  key_id: string;
  /** SPKI PEM. */
  public_key: string;
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  course_id: string;
  user_id: string;
  rating: number;
  comment: string;
  created_at: string;
  updated_at: string;
  /** When the learner agreed to be quoted on Kursa's site (migration 023); null: not quoted. */
  quote_consent_at: string | null;
  /** The course's answer (migration 038): by its instructor or an admin of its company. */
  reply: string | null;
  replied_at: string | null;
  replied_by: string | null;
}

/** A learner's question to a course's instructor, and the course's answer (migration 040). */
export interface CourseQuestionsTable {
  id: string;
  /** The course's company: the one that answers. */
  organisation_id: string;
  course_id: string;
  /** The lesson it was asked from; null when asked from none, or the lesson is gone. */
  lesson_id: string | null;
  /** The asker. */
  user_id: string;
  body: string;
  created_at: string;
  answer: string | null;
  answered_by: string | null;
  answered_at: string | null;
  /** 1 when the course's other learners see it (migration 062). */
  public: ColumnType<number, number | undefined, number>;
  /** When its asker last edited it. */
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its asker marked the answer helpful. */
  helpful_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the course's staff pinned it to its lesson as a frequently asked question. */
  pinned_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hidden by the course's staff from everyone but its asker and them, with the reason given. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The thread after a question: the asker's follow-ups and the course staff's replies (migration 062). */
export interface CourseQuestionRepliesTable {
  id: string;
  question_id: string;
  /** Null once the writer's account is gone. */
  user_id: string | null;
  body: string;
  created_at: string;
}

export interface CourseViewsTable {
  id: string;
  course_id: string;
  viewed_at: string;
}

export interface ActivityTable {
  id: string;
  organisation_id: string;
  course_id: string | null;
  user_id: string | null;
  /** enrollment | completion | review | message | other */
  kind: 'enrollment' | 'completion' | 'review' | 'message' | 'other';
  created_at: string;
}

/** One AI task run, metered against the company's monthly quota. */
export interface AiUsageTable {
  id: string;
  organisation_id: string;
  user_id: string | null;
  task: string;
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  requests: number;
  duration_ms: number;
  /** ok | bad_output | unavailable | aborted */
  outcome: string;
  created_at: string;
}

/** A company's AI tokens in one month (migration 028): metered, and reserved by runs under way. */
export interface AiTokenMonthsTable {
  organisation_id: string;
  /** 'YYYY-MM', UTC */
  month: string;
  used_tokens: number;
  reserved_tokens: number;
}

/** One run's reservation (migration 028), held in its month's reserved_tokens until it is settled or expires. */
export interface AiTokenReservationsTable {
  id: string;
  organisation_id: string;
  month: string;
  tokens: number;
  expires_at: string;
}

/** The chat messages one user sent the assistants in one month (migration 028). */
export interface AiChatMonthsTable {
  user_id: string;
  month: string;
  messages: number;
}

/** A durable generation job (migration 010). JSON columns are text. */
export interface AiJobsTable {
  id: string;
  organisation_id: string;
  user_id: string | null;
  course_id: string | null;
  kind: string;
  status: string;
  phase: string | null;
  progress: number;
  input: string;
  result: string | null;
  error: string | null;
  attempts: number;
  lease_expiries: number;
  lock_owner: string | null;
  lease_until: string | null;
  cancel_requested: number;
  input_tokens: number;
  output_tokens: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/** Who put the getting-started checklist away before finishing it (migration 035). */
export interface OnboardingDismissalsTable {
  user_id: string;
  dismissed_at: string;
}

/** A company's brand (migration 036): one row once it has set any of it. */
export interface OrganisationBrandsTable {
  organisation_id: string;
  /** `#rrggbb` as chosen; the shades drawn with come from it (src/shared/brand.ts). */
  colour: string | null;
  logo_upload_id: string | null;
  hero_upload_id: string | null;
  hero_text: string | null;
  /** 1: no Kursa mark on the site, certificates and mails, where the plan includes it. */
  white_label: number;
  updated_at: string;
}

/** A company's own domain for its site (migration 037). */
export interface CustomDomainsTable {
  organisation_id: string;
  /** Lower case, ASCII (an internationalised name in its xn-- form). */
  domain: string;
  /** What the TXT record at _kursa.{domain} must say: kursa-verification={token}. */
  token: string;
  verified_at: string | null;
  checked_at: string | null;
  created_at: string;
}

/** What a person is told in the app, once per event (migration 039). */
export interface NotificationsTable {
  id: string;
  user_id: string;
  organisation_id: string;
  /** One of NOTIFICATION_KINDS. */
  kind: string;
  /** JSON: what the texts are made from (a course's title, a date …). */
  params: string;
  /** A path in the app the notification leads to. */
  link: string | null;
  /** The event it tells of, e.g. "due-soon:<enrolment>:<due date>": each person hears of it once. */
  dedupe_key: string;
  created_at: string;
  read_at: string | null;
  /** 0 when the person turned the app off for its kind: the row only marks the event as handled. */
  in_app: number;
  /** 1 while its mail waits for the person's daily digest. */
  digest_pending: number;
}

/** A person's own choice for one kind of notification, where it differs from the default. */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  in_app: number | null;
  mail: 'off' | 'instant' | 'daily' | null;
  updated_at: string;
}

/** A company's reminder timing, and whether its mandatory training mails go out. */
export interface OrganisationNotificationSettingsTable {
  organisation_id: string;
  due_soon_days: number;
  mandatory_mail: number;
  updated_at: string;
}

/** Every mail: queued and sent with retries, or kept (no SMTP) to be read at /dev/mail. */
export interface MailOutboxTable {
  id: string;
  organisation_id: string | null;
  user_id: string | null;
  kind: string;
  /** The same event and recipient is one mail, however often it is asked for. */
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON of extra headers (List-Unsubscribe …). */
  headers: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'kept';
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One periodic scan in one period: the instance that inserts the row starts it. */
export interface ScheduledRunsTable {
  name: string;
  period: string;
  created_at: string;
}

/** Values every instance must share. */
export interface InstallationSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface AiJobStepsTable {
  job_id: string;
  key: string;
  phase: string;
  position: number;
  depends_on: string;
  input: string;
  input_hash: string;
  status: string;
  attempts: number;
  lock_owner: string | null;
  progress: number;
  output: string | null;
  error: string | null;
  input_tokens: number;
  output_tokens: number;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
  /** What the UI shows for the step (a lesson's title); migration 013. */
  label?: string | null;
  /** A message key: why a step that is done changed nothing (edited by the user …); migration 013. */
  note?: string | null;
}

export interface AiJobEventsTable {
  job_id: string;
  seq: number;
  type: string;
  data: string;
  created_at: string;
}

/** An uploaded file's extracted text (migration 014); the file itself is not kept. */
export interface CourseSourcesTable {
  id: string;
  organisation_id: string;
  user_id: string | null;
  filename: string;
  /** pdf | docx | pptx | md | txt */
  format: 'pdf' | 'docx' | 'pptx' | 'md' | 'txt';
  bytes: number;
  title: string;
  characters: number;
  section_count: number;
  created_at: string;
}

export interface CourseSourceSectionsTable {
  source_id: string;
  number: number;
  heading: string;
  locator: string;
  text: string;
  characters: number;
}

/** The AI course creator's saved wizard (migration 011). JSON columns are text. */
export interface CreatorDraftsTable {
  id: string;
  organisation_id: string;
  user_id: string;
  course_id: string | null;
  /** da | en: the course's language, which the creator's prompts are written in. */
  language: string;
  step: number;
  /** ai | manual | null */
  mode: string | null;
  course_context: string;
  teacher_profile: string | null;
  answers: string;
  /** JSON CourseFeature[] */
  features: string;
  template: string | null;
  /** JSON {concepts, chosen, language, source}: the concepts generated for the draft, null before. */
  concepts: string | null;
  /** JSON TDraftContentItem[], newest first: what the content generator made (migration 031); null is none. */
  content_history: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** An assistant conversation (migration 017): one user's, with one assistant. */
export interface AiConversationsTable {
  id: string;
  organisation_id: string;
  user_id: string;
  /** learning-coach | creative-designer | research-analyst */
  service: AssistantSlug;
  title: string;
  course_id: string | null;
  lesson_id: string | null;
  message_count: number;
  created_at: string;
  updated_at: string;
}

/** One message of a conversation, in order (migration 017). */
export interface AiMessagesTable {
  id: string;
  conversation_id: string;
  position: number;
  /** user | assistant */
  role: 'user' | 'assistant';
  content: string;
  /** complete | stopped | failed */
  status: 'complete' | 'stopped' | 'failed';
  /** JSON TChatSource[] */
  sources: string;
  created_at: string;
}

/** An AI-suggested change to a course (migration 012). */
export interface CourseOptimizationsTable {
  id: string;
  organisation_id: string;
  course_id: string;
  lesson_id: string | null;
  module_id: string | null;
  op: string;
  /** JSON: the typed operation (src/shared/schemas/course-insights.ts). */
  change: string;
  rationale: string;
  /** pending | applied | dismissed */
  status: string;
  course_version: number;
  lesson_version: number | null;
  provider: string;
  model: string;
  created_by: string | null;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
  /** The optimize-engagement call that made it (migration 031); null for suggestions made before. */
  run_id: string | null;
}

/** What an AI call answered about a course, kept as one row per course and replaced by the next answer. */
interface CourseAiAnswerTable {
  course_id: string;
  organisation_id: string;
  language: string;
  /** JSON: the answer, in the shape src/shared/schemas/course-insights.ts gives it. */
  content: string;
  provider: string;
  model: string;
  generated_by: string | null;
  generated_at: string;
}

/** A course's AI-written marketing copy (migration 012). */
export type CourseMarketingTable = CourseAiAnswerTable;

/** A course's last AI performance analysis, {hasLearners, metrics, structure, insights} (migration 031). */
export type CourseAnalysesTable = CourseAiAnswerTable;

/** A lesson's text in pieces for the Learning Coach's retrieval (migration 016). */
export interface LessonPassagesTable {
  /** SQLite: the FTS5 rowid; PostgreSQL: a bigint (answered as a string). Never written by the app. */
  id: ColumnType<number | string, never, never>;
  course_id: string;
  lesson_id: string;
  position: number;
  /** The heading of the section the passage starts in; null before the lesson's first heading. */
  heading: string | null;
  text: string;
}

/** What each lesson was indexed at (migration 016); missing or different: its passages are rebuilt. */
export interface LessonPassageStateTable {
  lesson_id: string;
  version: number;
  language: string;
  format: number;
  indexed_at: string;
}

/** A mailed password-reset link (migration 019); single use, valid for an hour. */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A request sent with the contact form. */
export interface ContactRequestsTable {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  topic: string;
  message: string;
  language: Language;
  consent_text: string;
  mailed_at: string | null;
  created_at: string;
}

/** A newsletter subscription with double opt-in. */
export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  language: Language;
  consent_text: string;
  consented_at: string;
  confirm_token_hash: string;
  confirm_expires_at: string;
  confirmed_at: string | null;
  unsubscribe_token_hash: string;
  unsubscribed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Attempts at the public mail forms, counted per hashed IP or e-mail. */
export interface PublicFormAttemptsTable {
  id: string;
  bucket: string;
  key_hash: string;
  created_at: string;
}

/** One row per resource, day and (salted, hashed) visitor; the count is the rows. */
export interface ResourceViewsTable {
  slug: string;
  day: string;
  visitor: string;
}

/** The salt of each day's visitor hashes; deleted when the day is over. */
export interface ResourceViewSaltsTable {
  day: string;
  salt: string;
}

/** Migration 060: one rating per resource and visitor (a keyed hash of the address). */
export interface ResourceRatingsTable {
  slug: string;
  visitor: string;
  rating: number;
  rated_at: string;
}

export interface ResourceRatingKeyTable {
  id: number;
  key: string;
}

/** Each Stripe webhook event fulfilled (migration 021). */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

/** A payment received, in minor units (subtotal without moms, vat, total). */
export interface PaymentsTable {
  id: string;
  /** subscription | course */
  kind: 'subscription' | 'course';
  buyer_organisation_id: string;
  buyer_user_id: string | null;
  /** null: the operator of this installation (subscriptions). */
  seller_organisation_id: string | null;
  course_id: string | null;
  plan: Plan | null;
  plan_period: BillingPeriod | null;
  quantity: number;
  currency: string;
  subtotal: number;
  vat: number;
  total: number;
  stripe_event_id: string;
  stripe_checkout_session_id: string | null;
  stripe_invoice_id: string | null;
  stripe_subscription_id: string | null;
  stripe_payment_intent_id: string | null;
  created_at: string;
}

/** The last invoice number given by a seller ('operator' or a company id). */
export interface InvoiceCountersTable {
  seller_key: string;
  last_number: number;
}

export interface InvoicesTable {
  id: string;
  payment_id: string;
  seller_key: string;
  number: number;
  issued_at: string;
  buyer_organisation_id: string;
  buyer_user_id: string | null;
  /** JSON InvoiceParty, as issued. */
  seller: string;
  /** JSON InvoiceParty with the EAN and contact, as issued. */
  buyer: string;
  /** JSON InvoiceLine[]. */
  lines: string;
  currency: string;
  subtotal: number;
  vat: number;
  total: number;
}

/** Seats a company bought in another company's paid course. */
export interface CourseSeatsTable {
  organisation_id: string;
  course_id: string;
  seats: number;
  used: number;
  updated_at: string;
}

export interface Database
  extends
    ComplianceTables,
    LearningPathTables,
    MailTables,
    AuditTables,
    PrivacyTables,
    DomainTables,
    ScimTables,
    TwoFactorTables,
    SsoTables,
    PasskeyTables,
    ApiKeyTables,
    WebhookTables,
    XapiTables,
    ScormTables {
  organisations: OrganisationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  registration_attempts: RegistrationAttemptsTable;
  cvr_cache: CvrCacheTable;
  company_claims: CompanyClaimsTable;
  courses: CoursesTable;
  course_modules: CourseModulesTable;
  lessons: LessonsTable;
  lesson_revisions: LessonRevisionsTable;
  uploads: UploadsTable;
  catalogue_state: CatalogueStateTable;
  invitations: InvitationsTable;
  enrolments: EnrolmentsTable;
  course_figures: CourseFiguresTable;
  course_day_figures: CourseDayFiguresTable;
  owner_learners: OwnerLearnersTable;
  dashboard_versions: DashboardVersionsTable;
  lesson_progress: LessonProgressTable;
  quiz_attempts: QuizAttemptsTable;
  certificates: CertificatesTable;
  signing_keys: SigningKeysTable;
  reviews: ReviewsTable;
  course_questions: CourseQuestionsTable;
  course_question_replies: CourseQuestionRepliesTable;
  course_views: CourseViewsTable;
  activity: ActivityTable;
  ai_usage: AiUsageTable;
  ai_token_months: AiTokenMonthsTable;
  ai_token_reservations: AiTokenReservationsTable;
  ai_chat_months: AiChatMonthsTable;
  ai_jobs: AiJobsTable;
  onboarding_dismissals: OnboardingDismissalsTable;
  organisation_brands: OrganisationBrandsTable;
  custom_domains: CustomDomainsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  organisation_notification_settings: OrganisationNotificationSettingsTable;
  mail_outbox: MailOutboxTable;
  scheduled_runs: ScheduledRunsTable;
  installation_secrets: InstallationSecretsTable;
  ai_job_steps: AiJobStepsTable;
  ai_job_events: AiJobEventsTable;
  course_sources: CourseSourcesTable;
  course_source_sections: CourseSourceSectionsTable;
  creator_drafts: CreatorDraftsTable;
  course_optimizations: CourseOptimizationsTable;
  course_marketing: CourseMarketingTable;
  course_analyses: CourseAnalysesTable;
  ai_conversations: AiConversationsTable;
  ai_messages: AiMessagesTable;
  lesson_passages: LessonPassagesTable;
  lesson_passage_state: LessonPassageStateTable;
  password_resets: PasswordResetsTable;
  contact_requests: ContactRequestsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  public_form_attempts: PublicFormAttemptsTable;
  resource_views: ResourceViewsTable;
  resource_view_salts: ResourceViewSaltsTable;
  resource_ratings: ResourceRatingsTable;
  resource_rating_key: ResourceRatingKeyTable;
  stripe_events: StripeEventsTable;
  payments: PaymentsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  course_seats: CourseSeatsTable;
}
