import { hash, timingSafeEqual } from 'node:crypto';
import type { TUser } from '../../../shared/schemas/users.ts';
import type { TKeptMail, TOutboxMail } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/database.ts';
import type { MailOutboxTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { installationSecret } from '../../security/installation-secrets.ts';

const PAGE = 50;

type Row = Pick<
  MailOutboxTable,
  'id' | 'kind' | 'to_address' | 'subject' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'sent_at'
>;

const view = (row: Row): TOutboxMail => ({
  id: row.id,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
});

const COLUMNS = ['id', 'kind', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'] as const;

/**
 * What became of the mails: a company's admins see theirs (sent, waiting to be tried again, or
 * failed, and why); without SMTP the installation's admins read every kept mail at /dev/mail with
 * the key the server prints at start (DEV_MAIL_KEY, or one made and shared through the database).
 */
export class MailLog {
  private key: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly keeps: boolean,
    private readonly configuredKey: string | undefined,
  ) {}

  /** The key to the kept mail (none when mail goes out over SMTP). */
  async devKey(): Promise<string | undefined> {
    if (!this.keeps) return undefined;
    this.key ??= this.configuredKey ? Promise.resolve(this.configuredKey) : installationSecret(this.db, 'dev-mail');
    return this.key;
  }

  async checkKey(given: string | string[] | undefined): Promise<void> {
    const key = await this.devKey();
    if (!key) throw new AppError('NOT_FOUND', 404, 'devMail.off');
    // Compared as hashes: equal lengths for timingSafeEqual whatever was sent.
    const same = typeof given === 'string' && timingSafeEqual(hash('sha256', given, 'buffer'), hash('sha256', key, 'buffer'));
    if (!same) throw new AppError('FORBIDDEN', 403, 'devMail.key');
  }

  private async page(filter: { organisationId?: string; status?: 'kept' }, before: string | undefined) {
    const from = decodeCursor(before);
    let query = this.db.selectFrom('mail_outbox').select(COLUMNS);
    if (filter.organisationId) query = query.where('organisation_id', '=', filter.organisationId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (from)
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', from.at), eb.and([eb('created_at', '=', from.at), eb('id', '<', from.id)])]),
      );
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE + 1)
      .execute();
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return {
      mails: page.map(view),
      next: rows.length > PAGE && last ? encodeCursor(last) : null,
    };
  }

  forCompany(user: TUser, before: string | undefined) {
    if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'mailLog.adminsOnly');
    return this.page({ organisationId: user.organisationId }, before);
  }

  kept(before: string | undefined) {
    return this.page({ status: 'kept' }, before);
  }

  async keptOne(id: string): Promise<TKeptMail> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select([...COLUMNS, 'text_body', 'html_body'])
      .where('id', '=', id)
      .where('status', '=', 'kept')
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 404, 'devMail.notFound');
    const files = await this.db
      .selectFrom('mail_attachments')
      .select(['position', 'filename', 'content_type', 'size'])
      .where('mail_id', '=', id)
      .orderBy('position')
      .execute();
    return {
      ...view(row),
      text: row.text_body,
      html: row.html_body,
      attachments: files.map((f) => ({
        position: Number(f.position),
        filename: f.filename,
        contentType: f.content_type,
        size: Number(f.size),
      })),
    };
  }

  /** A file a kept mail carries. */
  async keptAttachment(id: string, position: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const file = await this.db
      .selectFrom('mail_attachments as a')
      .innerJoin('mail_outbox as m', 'm.id', 'a.mail_id')
      .select(['a.filename', 'a.content_type', 'a.content'])
      .where('a.mail_id', '=', id)
      .where('a.position', '=', position)
      .where('m.status', '=', 'kept')
      .executeTakeFirst();
    if (!file) throw new AppError('NOT_FOUND', 404, 'devMail.notFound');
    return { filename: file.filename, contentType: file.content_type, content: Buffer.from(file.content, 'base64') };
  }
}
