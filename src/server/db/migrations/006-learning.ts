import { sql, type Kysely } from 'kysely';

/**
 * Learning: people in a company (invitations, deactivation), enrolments and assignments,
 * lesson progress (video position included), graded quiz attempts, signed certificates, reviews,
 * course page views and the activity feed the instructor dashboard reads. One migration for the
 * whole of learning, so its parts share one model. JSON is text; timestamps are ISO text; ids app-made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A deactivated member keeps their history but can no longer log in (null: active).
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // Lower-cased.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text')
    // The language the mail went out in, and the accepted account starts with.
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('da'))
    // SHA-256 of the single-use token in the link; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('invitations_role_check', sql`role in ('admin', 'instructor', 'learner')`)
    .execute();
  await db.schema.createIndex('invitations_organisation_idx').on('invitations').columns(['organisation_id', 'created_at']).execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').columns(['organisation_id', 'email']).execute();

  await db.schema
    .createTable('enrolments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'self' (the learner enrolled) | 'assigned' (an admin or instructor assigned the course)
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('self'))
    .addColumn('assigned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_at', 'text')
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    // Whole per cent of the course's lessons completed, kept with each completion.
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_lesson_id', 'text', (c) => c.references('lessons.id').onDelete('set null'))
    .addColumn('last_activity_at', 'text')
    .addColumn('completed_at', 'text')
    .addCheckConstraint('enrolments_source_check', sql`source in ('self', 'assigned')`)
    .addCheckConstraint('enrolments_progress_check', sql`progress between 0 and 100`)
    .execute();
  // Enrolling twice is one enrolment, also under parallel requests.
  await db.schema.createIndex('enrolments_course_user_idx').unique().on('enrolments').columns(['course_id', 'user_id']).execute();
  await db.schema.createIndex('enrolments_user_idx').on('enrolments').columns(['user_id', 'last_activity_at']).execute();
  await db.schema.createIndex('enrolments_course_time_idx').on('enrolments').columns(['course_id', 'enrolled_at']).execute();
  await db.schema.createIndex('enrolments_course_completed_idx').on('enrolments').columns(['course_id', 'completed_at']).execute();

  await db.schema
    .createTable('lesson_progress')
    .addColumn('enrolment_id', 'text', (c) => c.notNull().references('enrolments.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    // Seconds into a video lesson, to resume from; and how long the video is, once known.
    .addColumn('position_seconds', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'real')
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pk', ['enrolment_id', 'lesson_id'])
    .execute();
  await db.schema.createIndex('lesson_progress_lesson_idx').on('lesson_progress').column('lesson_id').execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enrolment_id', 'text', (c) => c.notNull().references('enrolments.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    // 1, 2, …: unique per learner and quiz, so two submissions at once cannot both be attempt n.
    .addColumn('attempt', 'integer', (c) => c.notNull())
    // JSON: the answers as submitted, and the graded result per question.
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    // Whole per cent of questions answered correctly.
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_attempts_unique_idx')
    .unique()
    .on('quiz_attempts')
    .columns(['enrolment_id', 'lesson_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What the verification page and the QR code carry.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('enrolment_id', 'text', (c) => c.notNull().unique().references('enrolments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // The company whose course it is (its admins may revoke it).
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // What was certified, as it stood when issued (names and titles may change later).
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('course_title', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('instructor_name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    // Ed25519 over the canonical payload (base64url), and the public key's id that signed it.
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('certificates_user_idx').on('certificates').column('user_id').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('reviews_rating_check', sql`rating between 1 and 5`)
    .execute();
  await db.schema.createIndex('reviews_course_user_idx').unique().on('reviews').columns(['course_id', 'user_id']).execute();

  // One row per view of a course's page (catalogue, company site): monthlyViews counts them.
  await db.schema
    .createTable('course_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_views_course_time_idx').on('course_views').columns(['course_id', 'viewed_at']).execute();

  // What happened on a company's courses, newest first in the dashboard's activity feed.
  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('cascade'))
    // Who did it (the learner, the reviewer).
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('activity_kind_check', sql`kind in ('enrollment', 'completion', 'review', 'message', 'other')`)
    .execute();
  await db.schema.createIndex('activity_organisation_time_idx').on('activity').columns(['organisation_id', 'created_at']).execute();
  await db.schema.createIndex('activity_course_time_idx').on('activity').columns(['course_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'activity',
    'course_views',
    'reviews',
    'certificates',
    'quiz_attempts',
    'lesson_progress',
    'enrolments',
    'invitations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
