import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { DrainLoop, leaseOwner } from '../queue/drain-loop.ts';
import { due, takeLease } from '../queue/lease.ts';
import { newId } from '../security/tokens.ts';
import type { MailAttachment, MailMessage, MailMeta, Mailer } from './mailer.ts';

export interface OutboxOptions {
  db: Db;
  /** Sends over SMTP; absent: every mail is kept in the database to be read at /dev/mail. */
  transport: Mailer | undefined;
  log: FastifyBaseLogger;
  /** The first retry's wait; each next one waits four times longer. */
  retryMs: number;
  /** How often the queue is looked at for mails due (also woken when one is queued here). */
  pollMs?: number;
}

/** Attempts in all before a mail is given up as failed (with retryMs 30 s: the last about 2 hours after the first). */
export const MAIL_MAX_ATTEMPTS = 6;
/** How long a sending instance holds a mail; past it, another may send it (the first is gone). */
const LEASE_MS = 120_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Every mail Kursa writes goes through here. Without SMTP each is kept in the database
 * (status 'kept') for the installation's admins to read at /dev/mail. With SMTP:
 * - `send` (a code, a reset link: the person waits for it) sends at once and throws when SMTP
 *   refuses; what was sent is logged without its body, which may hold a secret;
 * - `enqueue` (notifications) stores the mail and a sender sends it: an instance leases it, and a
 *   failed attempt is tried again later with growing waits, up to MAIL_MAX_ATTEMPTS, its state and
 *   last error visible to the company's admins. A dedupe key makes a mail exist once.
 * A mail SMTP accepted is marked sent at once; only an instance that stops between the two could
 * leave it to be sent again once its lease ran out. A queued mail's files wait in mail_attachments
 * until it is sent or given up; a kept mail's stay with it.
 */
export class MailOutbox implements Mailer {
  private readonly owner = leaseOwner();
  private readonly loop: DrainLoop;

  constructor(private readonly options: OutboxOptions) {
    this.loop = new DrainLoop(
      async () => {
        const mail = await this.claim();
        if (mail) await this.deliver(mail);
        return mail !== undefined;
      },
      options.log,
      'mail queue',
    );
  }

  /** No SMTP: mails are kept rather than sent. */
  get keeps(): boolean {
    return this.options.transport === undefined;
  }

  async send(message: MailMessage, meta: MailMeta = { kind: 'direct' }): Promise<void> {
    const { db, transport } = this.options;
    const now = new Date().toISOString();
    if (!transport) {
      await this.insert(db, message, meta, 'kept', now);
      return;
    }
    try {
      await transport.send(message);
    } catch (error) {
      await this.insert(db, { ...message, text: '', html: '' }, meta, 'failed', now, errorText(error)).catch(() => undefined);
      throw error;
    }
    await this.insert(db, { ...message, text: '', html: '' }, meta, 'sent', now).catch((error: unknown) =>
      this.options.log.warn({ err: error, kind: meta.kind }, 'a mail was sent but could not be logged'),
    );
  }

  /**
   * Queues a mail (kept at once without SMTP). Inside `trx` it is queued with what it tells of, and
   * the caller calls `wake()` once that has committed. False when its dedupe key was queued before.
   */
  async enqueue(message: MailMessage, meta: MailMeta, trx?: Db): Promise<boolean> {
    const now = new Date().toISOString();
    const inserted = await this.insert(trx ?? this.options.db, message, meta, this.keeps ? 'kept' : 'queued', now);
    if (inserted && !trx) this.wake();
    return inserted;
  }

  private async insert(
    db: Db,
    message: MailMessage,
    meta: MailMeta,
    status: 'queued' | 'sent' | 'failed' | 'kept',
    now: string,
    lastError: string | null = null,
  ): Promise<boolean> {
    const result = await db
      .insertInto('mail_outbox')
      .values({
        id: newId(),
        organisation_id: meta.organisationId ?? null,
        user_id: meta.userId ?? null,
        kind: meta.kind,
        dedupe_key: meta.dedupeKey ?? null,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        headers:
          message.headers || message.replyTo
            ? JSON.stringify({ ...message.headers, ...(message.replyTo && { 'Reply-To': message.replyTo }) })
            : null,
        status,
        attempts: status === 'queued' || status === 'kept' ? 0 : 1,
        next_attempt_at: status === 'queued' ? now : null,
        last_error: lastError,
        created_at: now,
        sent_at: status === 'sent' ? now : null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!result) return false;
    // A mail still to be sent, or kept to be read, carries its files; one sent at once had them.
    const files = status === 'queued' || status === 'kept' ? (message.attachments ?? []) : [];
    if (files.length > 0) {
      await db
        .insertInto('mail_attachments')
        .values(
          files.map((file, position) => ({
            mail_id: result.id,
            position,
            filename: file.filename,
            content_type: file.contentType,
            size: file.content.byteLength,
            content: Buffer.from(file.content).toString('base64'),
          })),
        )
        .execute();
    }
    return true;
  }

  start(): void {
    if (!this.keeps) this.loop.start(this.options.pollMs ?? Math.min(2000, this.options.retryMs));
  }

  /** Look at the queue now. */
  wake(): void {
    if (!this.keeps) this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  private async claim() {
    const { db } = this.options;
    const now = new Date();
    const lease = { owner: this.owner, at: now.toISOString(), until: new Date(now.getTime() + LEASE_MS).toISOString() };
    const candidates = await db.selectFrom('mail_outbox').select('id').where(due(lease.at)).orderBy('next_attempt_at').limit(5).execute();
    for (const { id } of candidates) {
      const row = await takeLease(db, 'mail_outbox', id, lease);
      if (row) return row;
    }
    return undefined;
  }

  private async deliver(mail: NonNullable<Awaited<ReturnType<MailOutbox['claim']>>>): Promise<void> {
    const { db, transport, log, retryMs } = this.options;
    const owner = this.owner;
    const headers = mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined;
    const { 'Reply-To': replyTo, ...rest } = headers ?? {};
    try {
      const attachments = await attachmentsOf(db, mail.id);
      await transport!.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        ...(replyTo && { replyTo }),
        ...(Object.keys(rest).length > 0 && { headers: rest }),
        ...(attachments.length > 0 && { attachments }),
      });
    } catch (error) {
      const attempts = Number(mail.attempts);
      const last = attempts >= MAIL_MAX_ATTEMPTS;
      const wait = retryMs * 4 ** (attempts - 1);
      log.warn(
        { err: error, mail: mail.id, kind: mail.kind, attempts },
        last ? 'a mail could not be sent and is given up' : 'a mail could not be sent; it is tried again later',
      );
      const given = await db
        .updateTable('mail_outbox')
        .set({
          status: last ? 'failed' : 'queued',
          next_attempt_at: last ? null : new Date(Date.now() + wait).toISOString(),
          lease_owner: null,
          lease_until: null,
          last_error: errorText(error),
        })
        .where('id', '=', mail.id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      // Only while this instance still held the mail: another that took it over may be sending it.
      if (last && Number(given.numUpdatedRows) > 0) await dropAttachments(db, mail.id);
      return;
    }
    const sent = await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: new Date().toISOString(), lease_owner: null, lease_until: null, next_attempt_at: null })
      .where('id', '=', mail.id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(sent.numUpdatedRows) > 0) await dropAttachments(db, mail.id);
  }
}

/** The files a queued mail carries, in their order. */
async function attachmentsOf(db: Db, mailId: string): Promise<MailAttachment[]> {
  const rows = await db
    .selectFrom('mail_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('mail_id', '=', mailId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ filename: r.filename, contentType: r.content_type, content: Buffer.from(r.content, 'base64') }));
}

/** A mail that went out (or never will) no longer needs its files: a monthly report's PDF would only take room. */
async function dropAttachments(db: Db, mailId: string): Promise<void> {
  await db.deleteFrom('mail_attachments').where('mail_id', '=', mailId).execute();
}
