import type { Db } from '../../../db/database.ts';

/** The only SQL for newsletter subscriptions. */

export async function findByEmail(db: Db, email: string) {
  return db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findByConfirmHash(db: Db, hash: string) {
  return db.selectFrom('newsletter_subscriptions').selectAll().where('confirm_token_hash', '=', hash).executeTakeFirst();
}

export async function findByUnsubscribeHash(db: Db, hash: string) {
  return db.selectFrom('newsletter_subscriptions').selectAll().where('unsubscribe_token_hash', '=', hash).executeTakeFirst();
}

export interface PendingSubscription {
  email: string;
  language: 'da' | 'en';
  consentText: string;
  confirmTokenHash: string;
  confirmExpiresAt: string;
  unsubscribeTokenHash: string;
  now: string;
}

export async function insertPending(db: Db, id: string, s: PendingSubscription): Promise<void> {
  await db
    .insertInto('newsletter_subscriptions')
    .values({
      id,
      email: s.email,
      language: s.language,
      consent_text: s.consentText,
      consented_at: s.now,
      confirm_token_hash: s.confirmTokenHash,
      confirm_expires_at: s.confirmExpiresAt,
      confirmed_at: null,
      unsubscribe_token_hash: s.unsubscribeTokenHash,
      unsubscribed_at: null,
      created_at: s.now,
      updated_at: s.now,
    })
    .execute();
}

/**
 * A pending or unsubscribed address signs up again: new consent, new links (the old ones stop
 * working), waiting for confirmation again. A confirmed, subscribed row is never touched here.
 */
export async function renewPending(db: Db, id: string, s: PendingSubscription): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set({
      language: s.language,
      consent_text: s.consentText,
      consented_at: s.now,
      confirm_token_hash: s.confirmTokenHash,
      confirm_expires_at: s.confirmExpiresAt,
      confirmed_at: null,
      unsubscribe_token_hash: s.unsubscribeTokenHash,
      unsubscribed_at: null,
      updated_at: s.now,
    })
    .where('id', '=', id)
    .where((eb) => eb('confirmed_at', 'is', null).or('unsubscribed_at', 'is not', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markConfirmed(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('newsletter_subscriptions')
    .set({ confirmed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute();
}

export async function markUnsubscribed(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('newsletter_subscriptions')
    .set({ unsubscribed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('unsubscribed_at', 'is', null)
    .execute();
}

/** Sign-ups never confirmed, whose link expired before `before`: nobody agreed to keep them. */
export async function deleteUnconfirmedExpiredBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('newsletter_subscriptions').where('confirmed_at', 'is', null).where('confirm_expires_at', '<=', before).execute();
}

/**
 * A signed-in account turns the newsletter on for its own address: subscribed and confirmed at
 * once, the consent line stored. A subscription already confirmed and running is left as it was.
 */
export async function subscribeConfirmed(db: Db, id: string, s: Omit<PendingSubscription, 'confirmExpiresAt'>): Promise<void> {
  await db
    .insertInto('newsletter_subscriptions')
    .values({
      id,
      email: s.email,
      language: s.language,
      consent_text: s.consentText,
      consented_at: s.now,
      confirm_token_hash: s.confirmTokenHash,
      confirm_expires_at: s.now,
      confirmed_at: s.now,
      unsubscribe_token_hash: s.unsubscribeTokenHash,
      unsubscribed_at: null,
      created_at: s.now,
      updated_at: s.now,
    })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({
          language: s.language,
          consent_text: s.consentText,
          consented_at: s.now,
          confirmed_at: s.now,
          unsubscribed_at: null,
          updated_at: s.now,
        })
        .where((eb) =>
          eb('newsletter_subscriptions.confirmed_at', 'is', null).or('newsletter_subscriptions.unsubscribed_at', 'is not', null),
        ),
    )
    .execute();
}

/** An address leaves the newsletter (a pending sign-up too: its link then says so). */
export async function unsubscribeEmail(db: Db, email: string, at: string): Promise<void> {
  await db
    .updateTable('newsletter_subscriptions')
    .set({ unsubscribed_at: at, updated_at: at })
    .where('email', '=', email)
    .where('unsubscribed_at', 'is', null)
    .execute();
}
