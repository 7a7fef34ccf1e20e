/** The files a mail in the outbox carries (migration 043). */
export interface MailAttachmentsTable {
  mail_id: string;
  /** The file's place among the mail's files, from 0. */
  position: number;
  filename: string;
  content_type: string;
  /** Bytes. */
  size: number;
  /** The file, base64 (text, so one column type serves SQLite and PostgreSQL). */
  content: string;
}

export interface MailTables {
  mail_attachments: MailAttachmentsTable;
}
