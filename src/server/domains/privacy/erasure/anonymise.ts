import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Trx = Transaction<Database>;

/** What an erasure removed or emptied, by kind, counted: the request's summary and its audit entry. */
export type ErasureSummary = Record<string, number>;

export interface PersonToErase {
  userId: string;
  organisationId: string;
  /** When it is carried out (ISO). */
  at: string;
  /** The company keeps training records under the pseudonym (its retention setting). */
  keepTraining: boolean;
  /** Who takes over the courses the person owns: an active admin of the company. */
  successorId: string | null;
}

/** The address an erased person's row keeps: unique, not deliverable (.invalid is reserved), and naming no one. */
export const erasedAddress = (userId: string) => `erased-${userId.toLowerCase().replace(/[^a-z0-9]/g, '')}@erased.invalid`;

/** What other rows' texts show instead of an erased name or address. */
export const REDACTED = '***';

/** Names shorter than this are not looked for in other people's texts: "Bo" would match far more than Bo. */
const SHORTEST_NAME = 4;

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined) =>
  Number(result?.numDeletedRows ?? result?.numUpdatedRows ?? 0);

/**
 * Erases a person's personal data everywhere it is kept, in one transaction
 * (docs/decisions/053-erasure-and-retention.md). The users row stays as a pseudonym: an id, the
 * company, the role, when it was made and erased; no name, address, phone, profile or password.
 * What they did for the company (courses, lessons, answers to others' questions, who assigned or
 * revoked what) keeps pointing at that pseudonym; their courses pass to `successorId`.
 *
 * Kept on purpose, and why, in the decision: the audit log (its chain would break, and it is the
 * company's security record, kept for its retention), invoices (bookkeeping law), certificates
 * (signed again without the name by the certificates domain, so they still verify) and, when the
 * company keeps training records, the person's enrolments, progress, scores and compliance records
 * under the pseudonym, without quiz answers.
 */
export async function erasePerson(trx: Trx, person: PersonToErase): Promise<ErasureSummary> {
  const { userId, organisationId, at } = person;
  const user = await trx
    .selectFrom('users')
    .select(['email', 'contact_name', 'phone'])
    .where('id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!user) return {};
  const summary: ErasureSummary = {};
  const add = (kind: string, n: number) => {
    if (n > 0) summary[kind] = (summary[kind] ?? 0) + n;
  };
  const email = user.email.toLowerCase();

  // Their own things, gone.
  add('sessions', count(await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()));
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await trx.deleteFrom('onboarding_dismissals').where('user_id', '=', userId).execute();
  // The identity provider's id for them (docs/decisions/055-scim-provisioning.md).
  await trx.deleteFrom('scim_users').where('user_id', '=', userId).execute();
  // Their passkeys: a pseudonym logs in no way (docs/decisions/059-passkeys.md).
  await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await trx.deleteFrom('dashboard_versions').where('owner_id', '=', userId).execute();
  add('notifications', count(await trx.deleteFrom('notifications').where('user_id', '=', userId).executeTakeFirst()));
  const conversations = trx.selectFrom('ai_conversations').select('id').where('user_id', '=', userId);
  add('aiMessages', count(await trx.deleteFrom('ai_messages').where('conversation_id', 'in', conversations).executeTakeFirst()));
  add('aiConversations', count(await trx.deleteFrom('ai_conversations').where('user_id', '=', userId).executeTakeFirst()));
  await trx.deleteFrom('ai_chat_months').where('user_id', '=', userId).execute();
  add('creatorDrafts', count(await trx.deleteFrom('creator_drafts').where('user_id', '=', userId).executeTakeFirst()));
  add('activity', count(await trx.deleteFrom('activity').where('user_id', '=', userId).executeTakeFirst()));
  add('reviews', count(await trx.deleteFrom('reviews').where('user_id', '=', userId).executeTakeFirst()));
  add('questions', count(await trx.deleteFrom('course_question_replies').where('user_id', '=', userId).executeTakeFirst()));
  add('questions', count(await trx.deleteFrom('course_questions').where('user_id', '=', userId).executeTakeFirst()));
  add('groups', count(await trx.deleteFrom('group_members').where('user_id', '=', userId).executeTakeFirst()));
  add('groups', count(await trx.deleteFrom('group_managers').where('user_id', '=', userId).executeTakeFirst()));
  await trx.deleteFrom('company_claims').where('user_id', '=', userId).execute();
  add(
    'invitations',
    count(
      await trx
        .deleteFrom('invitations')
        .where((eb) => eb.or([eb('accepted_user_id', '=', userId), eb(eb.fn('lower', ['email']), '=', email)]))
        .executeTakeFirst(),
    ),
  );
  // What Kursa itself keeps under their address: the newsletter, what they wrote to us, failed logins.
  add(
    'newsletter',
    count(
      await trx
        .deleteFrom('newsletter_subscriptions')
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst(),
    ),
  );
  add(
    'contactRequests',
    count(
      await trx
        .deleteFrom('contact_requests')
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst(),
    ),
  );
  await trx
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb(sql`lower(account)`, '=', email), eb('account', 'like', `%:${userId}`)]))
    .execute();

  // What the company's metering and jobs count stays, without who.
  await trx.updateTable('ai_usage').set({ user_id: null }).where('user_id', '=', userId).execute();
  await trx.updateTable('ai_jobs').set({ user_id: null }).where('user_id', '=', userId).execute();
  await trx.updateTable('course_sources').set({ user_id: null }).where('user_id', '=', userId).execute();
  if (person.successorId) {
    add(
      'coursesHandedOver',
      count(await trx.updateTable('courses').set({ owner_id: person.successorId }).where('owner_id', '=', userId).executeTakeFirst()),
    );
  }

  add('mails', await eraseMails(trx, userId, email));
  // What the company's webhooks were told of them: the log goes, and what was not sent yet is not sent.
  add('webhookDeliveries', count(await trx.deleteFrom('webhook_deliveries').where('user_id', '=', userId).executeTakeFirst()));
  // Likewise the xAPI statements naming them that were kept or not sent yet (what an LRS stored is the company's to erase).
  add('xapiStatements', count(await trx.deleteFrom('xapi_statements').where('user_id', '=', userId).executeTakeFirst()));
  add('redacted', await redactOthers(trx, organisationId, [email, user.contact_name.trim()]));

  add('training', await eraseTraining(trx, userId, person.keepTraining));

  await trx
    .updateTable('users')
    .set({
      email: erasedAddress(userId),
      contact_name: '',
      phone: '',
      password_hash: '',
      bio: null,
      expertise: null,
      website: null,
      preferences: '{}',
      language: null,
      last_login_at: null,
      deactivated_at: sql<string>`coalesce(deactivated_at, ${at})`,
      erased_at: at,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
  return summary;
}

/**
 * Mails to the person: those not sent yet are not sent; those kept (the outbox's log and
 * /dev/mail) keep only what the outbox needs to never send them again (their kind and key).
 */
async function eraseMails(trx: Trx, userId: string, email: string): Promise<number> {
  const ids = (
    await trx
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb(eb.fn('lower', ['to_address']), '=', email)]))
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  await trx.deleteFrom('mail_attachments').where('mail_id', 'in', ids).execute();
  await trx.deleteFrom('mail_outbox').where('id', 'in', ids).where('status', 'in', ['queued', 'sending', 'failed']).execute();
  await trx
    .updateTable('mail_outbox')
    .set({ to_address: erasedAddress(userId), subject: '', text_body: '', html_body: '', headers: '{}', last_error: null })
    .where('id', 'in', ids)
    .execute();
  return ids.length;
}

/**
 * Other people's mails and notifications within the company that name the person (a manager's
 * overview, an admin's "X finished Y") show *** instead. Attachments of those mails (a report's
 * PDF) cannot be edited and are dropped: they were sent already, the copy kept is for /dev/mail.
 */
async function redactOthers(trx: Trx, organisationId: string, needles: string[]): Promise<number> {
  let redacted = 0;
  for (const needle of needles) {
    if (needle.length < SHORTEST_NAME) continue;
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const mentions = (column: 'subject' | 'text_body' | 'html_body') => sql<boolean>`${sql.ref(column)} like ${like} escape '\\'`;
    const mails = trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where((eb) => eb.or([mentions('subject'), mentions('text_body'), mentions('html_body')]));
    await trx.deleteFrom('mail_attachments').where('mail_id', 'in', mails).execute();
    redacted += count(
      await trx
        .updateTable('mail_outbox')
        .set({
          subject: sql`replace(subject, ${needle}, ${REDACTED})`,
          text_body: sql`replace(text_body, ${needle}, ${REDACTED})`,
          html_body: sql`replace(html_body, ${needle}, ${REDACTED})`,
        })
        .where('organisation_id', '=', organisationId)
        .where((eb) => eb.or([mentions('subject'), mentions('text_body'), mentions('html_body')]))
        .executeTakeFirst(),
    );
    redacted += count(
      await trx
        .updateTable('notifications')
        .set({ params: sql`replace(params, ${needle}, ${REDACTED})` })
        .where('organisation_id', '=', organisationId)
        .where(sql<boolean>`params like ${like} escape '\\'`)
        .executeTakeFirst(),
    );
  }
  return redacted;
}

/**
 * Their training. Certificates, and the enrolments they bind, always stay (a certificate handed to
 * someone must still verify); the certificates domain takes the name off them. The company that
 * keeps training records keeps the rest too, without quiz answers; one that does not loses the
 * progress, attempts, compliance records and places on paths, and every enrolment without a certificate.
 */
async function eraseTraining(trx: Trx, userId: string, keep: boolean): Promise<number> {
  const enrolments = trx.selectFrom('enrolments').select('id').where('user_id', '=', userId);
  if (keep) {
    return count(
      await trx
        .updateTable('quiz_attempts')
        .set({ answers: '{}', result: '[]' })
        .where('enrolment_id', 'in', enrolments)
        .where('result', '!=', '[]')
        .executeTakeFirst(),
    );
  }
  let n = 0;
  n += count(await trx.deleteFrom('compliance_history').where('user_id', '=', userId).executeTakeFirst());
  n += count(await trx.deleteFrom('compliance_records').where('user_id', '=', userId).executeTakeFirst());
  n += count(await trx.deleteFrom('path_enrolments').where('user_id', '=', userId).executeTakeFirst());
  n += count(await trx.deleteFrom('quiz_attempts').where('enrolment_id', 'in', enrolments).executeTakeFirst());
  n += count(await trx.deleteFrom('lesson_progress').where('enrolment_id', 'in', enrolments).executeTakeFirst());
  const certified = trx
    .selectFrom('certificates')
    .select('enrolment_id')
    .where('user_id', '=', userId)
    .where('enrolment_id', 'is not', null);
  n += count(
    await trx
      .deleteFrom('enrolments')
      .where('user_id', '=', userId)
      .where('id', 'not in', certified as never)
      .executeTakeFirst(),
  );
  return n;
}
