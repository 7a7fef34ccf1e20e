import type { Db } from '../../../db/database.ts';

/** The only SQL for contact requests. */

export interface NewContactRequest {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  topic: string;
  message: string;
  language: 'da' | 'en';
  consentText: string;
  now: string;
}

export async function insertContactRequest(db: Db, r: NewContactRequest): Promise<void> {
  await db
    .insertInto('contact_requests')
    .values({
      id: r.id,
      name: r.name,
      email: r.email,
      company: r.company,
      phone: r.phone,
      topic: r.topic,
      message: r.message,
      language: r.language,
      consent_text: r.consentText,
      mailed_at: null,
      created_at: r.now,
    })
    .execute();
}

export async function markMailed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('contact_requests').set({ mailed_at: at }).where('id', '=', id).execute();
}
