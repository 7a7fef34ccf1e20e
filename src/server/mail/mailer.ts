import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/** One message, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go instead of the sender (a contact request: the person who wrote it). */
  replyTo?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  /** Files sent with it (a report as PDF). */
  attachments?: MailAttachment[];
}

/** A file a mail carries. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** What a mail is about: its kind for the log, and who and what it belongs to. */
export interface MailMeta {
  kind: string;
  /** The same key is one mail, however often it is queued (an event and its recipient). */
  dedupeKey?: string;
  organisationId?: string | null;
  userId?: string | null;
}

/** Outgoing mail: over SMTP, or (without SMTP_URL) kept for the installation's admins (mail/outbox.ts). */
export interface Mailer {
  send(message: MailMessage, meta?: MailMeta): Promise<void>;
}

/**
 * nodemailer over SMTP_URL. smtps:// uses implicit TLS; smtp:// upgrades with STARTTLS when offered.
 * nodemailer is imported, and the transport made, with the first message rather than at start: it
 * is several MB of code that a server sending no mail (most hours of most days) would hold idle.
 */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.smtpUrl));
    const { attachments, ...rest } = message;
    await (
      await this.transport
    ).sendMail({
      from: this.from,
      ...rest,
      ...(attachments?.length && {
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
      }),
    });
  }

  close(): void {
    void this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}

/** MAIL_FROM, or "Kursa <no-reply@host>" for PUBLIC_URL's host. */
export function defaultFrom(publicUrl: string): string {
  return `Kursa <no-reply@${new URL(publicUrl).hostname}>`;
}

/** Sends a notice (something already done is reported); a code, whose mail must arrive, is sent with Mailer.send. */
export type SendNotice = (message: MailMessage) => Promise<void>;

/** Notices go out; one that fails is logged, never fatal to what it reports. */
export function noticeSender(mailer: Mailer, log: FastifyBaseLogger): SendNotice {
  return async (message) => {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, subject: message.subject }, 'a notice mail could not be sent');
    }
  };
}
