import type { Db } from '../../src/server/db/database.ts';

/** The mails kept (no SMTP) for an address, oldest first. */
export function keptMails(db: Db, to: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'subject', 'text_body', 'html_body', 'created_at'])
    .where('to_address', '=', to)
    .where('status', '=', 'kept')
    .orderBy('created_at')
    .execute();
}

/** Every address matching `pattern` (global) in the text of the mails kept for `to`, oldest first. */
export async function keptLinks(db: Db, to: string, pattern: RegExp): Promise<string[]> {
  const mails = await keptMails(db, to);
  return mails.flatMap((m) => [...m.text_body.matchAll(new RegExp(pattern.source, 'g'))].map((match) => match[0]));
}
