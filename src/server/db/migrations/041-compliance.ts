import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Compliance training (docs/decisions/050-compliance.md): groups of people (by hand, from an
 * import, or by a rule), the people who manage a group, courses required of a group or of
 * everyone (due some days after a person joins or by a date, optionally recurring), what each
 * person owes each requirement now, and an append-only history of it, so who was compliant on a
 * past date can still be answered.
 *
 * A recurring course is taken again on the same enrolment: its cycle counts up and each cycle may
 * have its own certificate, so a certificate is unique per enrolment and cycle (it was per
 * enrolment), and carries when it expires and the score it was earned with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The name lower-cased: two groups of a company are never named alike.
    .addColumn('name_key', 'text', (c) => c.notNull())
    // 'department' | 'location' | 'team'
    .addColumn('kind', 'text', (c) => c.notNull())
    // Who belongs by rule, besides those added by hand: 'email-domain' (rule_value: a domain) or 'role'.
    .addColumn('rule_kind', 'text')
    .addColumn('rule_value', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('groups_kind_check', sql`kind in ('department', 'location', 'team')`)
    .addCheckConstraint('groups_rule_check', sql`rule_kind is null or rule_kind in ('email-domain', 'role')`)
    .execute();
  await db.schema.createIndex('groups_name_idx').unique().on('groups').columns(['organisation_id', 'name_key']).execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // When the person joined the group: a requirement's relative due date counts from it.
    .addColumn('joined_at', 'text', (c) => c.notNull())
    // 'manual' | 'import' | 'rule': a rule's members come and go with the rule; the others stay.
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .addCheckConstraint('group_members_source_check', sql`source in ('manual', 'import', 'rule')`)
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').columns(['user_id', 'group_id']).execute();

  await db.schema
    .createTable('group_managers')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_managers_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_managers_user_idx').on('group_managers').columns(['user_id', 'group_id']).execute();

  await db.schema
    .createTable('requirements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // A group's id, or 'everyone'. Not a foreign key: deleting a group archives its requirements.
    .addColumn('scope', 'text', (c) => c.notNull())
    // Due this many days after the person joins (the group, or the requirement if later) …
    .addColumn('due_days', 'integer')
    // … or by this calendar date in Copenhagen (YYYY-MM-DD); exactly one of the two.
    .addColumn('due_on', 'text')
    // Taken again every so many months; null: once.
    .addColumn('recur_months', 'integer')
    // How many days before a certificate expires its holder is assigned the course again.
    .addColumn('renew_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Removed, but kept for what its history answers.
    .addColumn('archived_at', 'text')
    .addCheckConstraint('requirements_due_check', sql`(due_days is null) <> (due_on is null)`)
    .execute();
  await db.schema.createIndex('requirements_organisation_idx').on('requirements').columns(['organisation_id', 'archived_at']).execute();
  // A course is required of a group (or of everyone) once.
  await db.schema
    .createIndex('requirements_scope_idx')
    .unique()
    .on('requirements')
    .columns(['course_id', 'scope'])
    .where(sql.ref('archived_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('compliance_records')
    .addColumn('requirement_id', 'text', (c) => c.notNull().references('requirements.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // The enrolment that fulfils it: the person's one enrolment in the course.
    .addColumn('enrolment_id', 'text', (c) => c.notNull().references('enrolments.id').onDelete('cascade'))
    // When it became the person's to do (joining the group, or the requirement's making).
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    // Kept from the person's certificates and enrolment, so a status is a comparison of this row's
    // dates with now (the matrix of a large company is one indexed scan): when they last completed
    // the course with a certificate not revoked, until when that holds (null: for good), from when
    // it counts as expiring, its score, and when the current cycle was started.
    .addColumn('completed_at', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('expiring_from', 'text')
    .addColumn('score', 'integer')
    .addColumn('started_at', 'text')
    .addColumn('exempt_reason', 'text')
    .addColumn('exempted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('exempted_at', 'text')
    // The same dates as what a status needs, compared as integers (ms since 1970) rather than as
    // text: the matrix of a large company counts 100,000 statuses per answer (status.ts says how).
    // 0 exempted, 1 holds a certificate, 2 started, 3 not started.
    .addColumn('phase', 'integer', (c) => c.notNull())
    // Phase 1: when it starts to expire (null: never); phases 2 and 3: when it falls due.
    .addColumn('turns_at', 'bigint')
    // Phase 1: when it has expired (null: never).
    .addColumn('ends_at', 'bigint')
    .addPrimaryKeyConstraint('compliance_records_pk', ['requirement_id', 'user_id'])
    .execute();
  // Covers the matrix's count: a company's records by requirement, with what their status needs.
  await db.schema
    .createIndex('compliance_records_organisation_idx')
    .on('compliance_records')
    .columns(['organisation_id', 'requirement_id', 'user_id', 'phase', 'turns_at', 'ends_at'])
    .execute();
  // Covers a person's check in the matrix's page of people (do they have a cell of this status?).
  await db.schema
    .createIndex('compliance_records_user_idx')
    .on('compliance_records')
    .columns(['user_id', 'requirement_id', 'phase', 'turns_at', 'ends_at'])
    .execute();
  await db.schema.createIndex('compliance_records_enrolment_idx').on('compliance_records').columns(['enrolment_id']).execute();

  await db.schema
    .createTable('compliance_history')
    // In the order written: of two events in the same millisecond, the later-written is the later.
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('requirement_id', 'text', (c) => c.notNull().references('requirements.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    // required | due-changed | requirement-changed | started | completed | renewed | exempted | exemption-lifted | certificate-revoked | released
    .addColumn('event', 'text', (c) => c.notNull())
    // The record as it stood after the event (its columns of the same names): a status on any past
    // date is the one its latest row before then gives.
    .addColumn('due_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('expiring_from', 'text')
    .addColumn('score', 'integer')
    .addColumn('started_at', 'text')
    .addColumn('exempt_reason', 'text')
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('compliance_history_organisation_idx').on('compliance_history').columns(['organisation_id', 'at']).execute();
  await db.schema
    .createIndex('compliance_history_pair_idx')
    .on('compliance_history')
    .columns(['requirement_id', 'user_id', 'at'])
    .execute();

  // Which taking of the course an enrolment is on: a recurring requirement opens the next.
  await db.schema
    .alterTable('enrolments')
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // A cycle's quiz attempts are its own: it has the quiz's number of attempts again, counted from 1.
  await db.schema
    .alterTable('quiz_attempts')
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.dropIndex('quiz_attempts_unique_idx').execute();
  await db.schema
    .createIndex('quiz_attempts_unique_idx')
    .unique()
    .on('quiz_attempts')
    .columns(['enrolment_id', 'lesson_id', 'cycle', 'attempt'])
    .execute();
  // The groups an invitation's person joins on accepting it (a JSON array of ids; an import's group column).
  await db.schema.alterTable('invitations').addColumn('group_ids', 'text').execute();

  if (postgres) {
    await sql`alter table certificates drop constraint certificates_enrolment_id_key`.execute(db);
    await db.schema
      .alterTable('certificates')
      .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('certificates').addColumn('expires_at', 'text').execute();
    await db.schema.alterTable('certificates').addColumn('score', 'integer').execute();
  } else {
    await rebuildCertificatesSqlite(db);
  }
  await db.schema.createIndex('certificates_enrolment_cycle_idx').unique().on('certificates').columns(['enrolment_id', 'cycle']).execute();
  await db.schema.createIndex('certificates_holder_course_idx').on('certificates').columns(['user_id', 'course_id', 'issued_at']).execute();
}

/** SQLite cannot drop a column's unique constraint: the table is made again without it, with the new columns. */
async function rebuildCertificatesSqlite(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificates_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('enrolment_id', 'text', (c) => c.notNull().references('enrolments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('course_title', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('instructor_name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_reason', 'text')
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'text')
    .addColumn('score', 'integer')
    .execute();
  const columns = sql.raw(
    'id, code, enrolment_id, user_id, course_id, organisation_id, holder_name, course_title, company_name, instructor_name, ' +
      'language, minutes, issued_at, signature, key_id, revoked_at, revoked_by, revoked_reason',
  );
  await sql`insert into certificates_next (${columns}) select ${columns} from certificates`.execute(db);
  await db.schema.dropTable('certificates').execute();
  await db.schema.alterTable('certificates_next').renameTo('certificates').execute();
  await db.schema.createIndex('certificates_user_idx').on('certificates').column('user_id').execute();
  await db.schema.createIndex('certificates_organisation_idx').on('certificates').column('organisation_id').execute();
}

/** Drops the compliance tables; the certificates' and enrolments' new columns stay (nothing else reads them). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['compliance_history', 'compliance_records', 'requirements', 'group_managers', 'group_members', 'groups'])
    await db.schema.dropTable(table).execute();
}
