import type { Db } from '../../../db/database.ts';

/**
 * Everything Kursa keeps about one person, read table by table (docs/features/privacy.md lists
 * which tables are in and why the others are not). Secrets are never read: the password hash,
 * sessions, reset tokens, confirmation and unsubscribe token hashes. A person's data is bounded
 * (their own enrolments, answers, messages), so each kind is read whole; their uploads' bytes are
 * not read here but streamed into the ZIP one at a time.
 */

/** A JSON column read back as JSON; text that is not JSON is kept as it is. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface PersonUpload {
  id: string;
  kind: string;
  mime: string;
  size: number;
  originalName: string;
  storageKey: string;
  courseId: string | null;
  createdAt: string;
}

export interface PersonCertificate {
  code: string;
  courseTitle: string;
  issuedAt: string;
  revokedAt: string | null;
}

export interface PersonData {
  name: string;
  email: string;
  language: 'da' | 'en';
  /** The JSON files, by name without `.json`, in the order the ZIP holds them. */
  files: Record<string, unknown>;
  uploads: PersonUpload[];
  certificates: PersonCertificate[];
}

export async function collectPerson(db: Db, userId: string): Promise<PersonData | undefined> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select([
      'u.id',
      'u.organisation_id',
      'u.email',
      'u.contact_name',
      'u.phone',
      'u.role',
      'u.bio',
      'u.expertise',
      'u.website',
      'u.preferences',
      'u.language',
      'u.deactivated_at',
      'u.last_login_at',
      'u.created_at',
      'u.updated_at',
      'o.name as company_name',
      'o.cvr as company_cvr',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const { preferences, company_name, company_cvr, ...account } = user;
  const email = user.email.toLowerCase();

  const groups = await db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'g.kind', 'm.joined_at', 'm.source'])
    .where('m.user_id', '=', userId)
    .execute();
  const manages = await db
    .selectFrom('group_managers as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'm.created_at'])
    .where('m.user_id', '=', userId)
    .execute();
  const invitations = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'role', 'contact_name', 'language', 'created_at', 'expires_at', 'accepted_at', 'revoked_at'])
    .where((eb) => eb.or([eb('accepted_user_id', '=', userId), eb(eb.fn('lower', ['email']), '=', email)]))
    .execute();

  const enrolments = await db
    .selectFrom('enrolments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select([
      'e.id',
      'e.course_id',
      'c.title as course_title',
      'e.source',
      'e.due_at',
      'e.enrolled_at',
      'e.progress',
      'e.last_activity_at',
      'e.completed_at',
      'e.cycle',
    ])
    .where('e.user_id', '=', userId)
    .orderBy('e.enrolled_at')
    .execute();
  const paths = await db
    .selectFrom('path_enrolments as p')
    .innerJoin('learning_paths as l', 'l.id', 'p.path_id')
    .selectAll('p')
    .select('l.title as path_title')
    .where('p.user_id', '=', userId)
    .execute();
  const progress = await db
    .selectFrom('lesson_progress as p')
    .innerJoin('enrolments as e', 'e.id', 'p.enrolment_id')
    .innerJoin('lessons as l', 'l.id', 'p.lesson_id')
    .select([
      'p.enrolment_id',
      'e.course_id',
      'p.lesson_id',
      'l.title as lesson_title',
      'p.position_seconds',
      'p.duration_seconds',
      'p.watched_ranges',
      'p.completed_at',
      'p.updated_at',
    ])
    .where('e.user_id', '=', userId)
    .execute();
  const attempts = await db
    .selectFrom('quiz_attempts as a')
    .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
    .select([
      'a.id',
      'a.enrolment_id',
      'e.course_id',
      'a.lesson_id',
      'a.attempt',
      'a.answers',
      'a.result',
      'a.score',
      'a.passed',
      'a.cycle',
      'a.created_at',
    ])
    .where('e.user_id', '=', userId)
    .orderBy('a.created_at')
    .execute();
  const certificates = await db
    .selectFrom('certificates')
    .select([
      'id',
      'code',
      'course_id',
      'path_id',
      'holder_name',
      'course_title',
      'company_name',
      'instructor_name',
      'language',
      'minutes',
      'score',
      'issued_at',
      'expires_at',
      'revoked_at',
      'revoked_reason',
    ])
    .where('user_id', '=', userId)
    .orderBy('issued_at')
    .execute();
  const reviews = await db
    .selectFrom('reviews as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .select([
      'r.id',
      'r.course_id',
      'c.title as course_title',
      'r.rating',
      'r.comment',
      'r.quote_consent_at',
      'r.reply',
      'r.replied_at',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.user_id', '=', userId)
    .execute();
  const questions = await db
    .selectFrom('course_questions')
    .select(['id', 'course_id', 'lesson_id', 'body', 'answer', 'answered_at', 'created_at', 'edited_at', 'public'])
    .where('user_id', '=', userId)
    .execute();
  const questionReplies = await db
    .selectFrom('course_question_replies')
    .select(['id', 'question_id', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const conversations = await db
    .selectFrom('ai_conversations')
    .select(['id', 'service', 'title', 'course_id', 'lesson_id', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const messages = conversations.length
    ? await db
        .selectFrom('ai_messages')
        .select(['conversation_id', 'position', 'role', 'content', 'status', 'sources', 'created_at'])
        .where(
          'conversation_id',
          'in',
          conversations.map((c) => c.id),
        )
        .orderBy('position')
        .execute()
    : [];
  const notifications = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at', 'in_app'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const notificationPreferences = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'in_app', 'mail', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
  // Mails sent to them: what and when, not the bodies (a reset mail's body holds its secret link).
  const mails = await db
    .selectFrom('mail_outbox')
    .select(['kind', 'to_address', 'subject', 'status', 'created_at', 'sent_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb(eb.fn('lower', ['to_address']), '=', email)]))
    .orderBy('created_at')
    .execute();
  const newsletter = await db
    .selectFrom('newsletter_subscriptions')
    .select(['email', 'language', 'consent_text', 'consented_at', 'confirmed_at', 'unsubscribed_at', 'created_at'])
    .where(({ fn }) => fn('lower', ['email']), '=', email)
    .execute();
  const contact = await db
    .selectFrom('contact_requests')
    .select(['name', 'email', 'company', 'phone', 'topic', 'message', 'language', 'consent_text', 'created_at'])
    .where(({ fn }) => fn('lower', ['email']), '=', email)
    .execute();
  const compliance = await db.selectFrom('compliance_records').selectAll().where('user_id', '=', userId).execute();
  const complianceHistory = await db.selectFrom('compliance_history').selectAll().where('user_id', '=', userId).orderBy('at').execute();
  const purchases = await db
    .selectFrom('payments')
    .select(['id', 'kind', 'course_id', 'plan', 'quantity', 'currency', 'total', 'created_at'])
    .where('buyer_user_id', '=', userId)
    .execute();
  const uploads = await db
    .selectFrom('uploads')
    .select(['id', 'kind', 'mime', 'size', 'original_name', 'storage_key', 'course_id', 'created_at'])
    .where('uploaded_by', '=', userId)
    .orderBy('created_at')
    .execute();

  const personUploads: PersonUpload[] = uploads.map((u) => ({
    id: u.id,
    kind: u.kind,
    mime: u.mime,
    size: Number(u.size),
    originalName: u.original_name,
    storageKey: u.storage_key,
    courseId: u.course_id,
    createdAt: u.created_at,
  }));
  return {
    name: user.contact_name,
    email: user.email,
    language: user.language === 'en' ? 'en' : 'da',
    files: {
      account: { ...account, preferences: parsed(preferences) },
      memberships: {
        company: { id: user.organisation_id, name: company_name, cvr: company_cvr },
        role: user.role,
        groups,
        manages,
        invitations,
      },
      enrolments: { courses: enrolments, learningPaths: paths },
      progress,
      'quiz-attempts': attempts.map((a) => ({ ...a, answers: parsed(a.answers), result: parsed(a.result) })),
      certificates,
      reviews,
      questions,
      'question-replies': questionReplies,
      'ai-conversations': conversations.map((c) => ({
        ...c,
        messages: messages.filter((m) => m.conversation_id === c.id).map((m) => ({ ...m, sources: parsed(m.sources) })),
      })),
      notifications: {
        notifications: notifications.map((n) => ({ ...n, params: parsed(n.params) })),
        preferences: notificationPreferences,
      },
      consents: {
        newsletter,
        contactRequests: contact,
        reviewQuotes: reviews
          .filter((r) => r.quote_consent_at)
          .map((r) => ({ reviewId: r.id, course: r.course_title, consentedAt: r.quote_consent_at })),
      },
      compliance: { records: compliance, history: complianceHistory },
      mails,
      purchases,
      uploads: personUploads.map(({ storageKey: _key, ...u }) => u),
    },
    uploads: personUploads,
    certificates: certificates.map((c) => ({ code: c.code, courseTitle: c.course_title, issuedAt: c.issued_at, revokedAt: c.revoked_at })),
  };
}
