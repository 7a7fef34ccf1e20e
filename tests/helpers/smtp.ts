import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, decoded enough for assertions. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
  raw: string;
}

export interface TestSmtp {
  /** SMTP_URL for the app under test. */
  url: string;
  messages: ReceivedMail[];
  /** Messages to one address (case-insensitive). */
  to(address: string): ReceivedMail[];
  /** Refuse the next `n` messages with a 451, as a broken relay would. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/**
 * A real local SMTP server (smtp-server) that records every message, so the app's nodemailer
 * speaks real SMTP in tests (test doubles live at the protocol edge, so our own client code runs for real).
 * With `dir`, each message is also written there as a numbered .eml file: the browser tests' server
 * runs in another process than the specs, which read the mail from that directory (tests/e2e/mailbox.ts).
 */
export async function startTestSmtp(options: { dir?: string } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const error = new Error('Temporary failure') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const bytes = Buffer.concat(chunks);
        if (options.dir) writeFileSync(path.join(options.dir, `${String(messages.length + 1).padStart(5, '0')}.eml`), bytes);
        const raw = bytes.toString('utf8');
        messages.push({
          ...parseMail(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The confirmation code ("ABCD-EFGH") a code mail carries. */
export function codeIn(mail: { text: string }): string {
  const match = /^([2-9A-Z]{4}-[2-9A-Z]{4})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}

// A small MIME reader: headers, encoded words, multipart/alternative, quoted-printable, base64.
function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const sep = part.search(/\r?\n\r?\n/);
  const head = sep === -1 ? part : part.slice(0, sep);
  const body = sep === -1 ? '' : part.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(decodeQpBytes(data.replaceAll('_', ' '))).toString('utf8'),
    );
}

function decodeQpBytes(s: string): number[] {
  const bytes: number[] = [];
  const input = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i] ?? '', 'utf8'));
    }
  }
  return bytes;
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const enc = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return Buffer.from(decodeQpBytes(body)).toString('utf8');
  return body;
}

/** A file a message carries. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

function bytesOf(headers: Map<string, string>, body: string): Buffer {
  const enc = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable') return Buffer.from(decodeQpBytes(body));
  return Buffer.from(body, 'utf8');
}

/** The leaves of a message's MIME tree (multipart/mixed around multipart/alternative, when it carries files). */
function leafParts(part: { headers: Map<string, string>; body: string }): { headers: Map<string, string>; body: string }[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? /boundary="?([^";]+)"?/i.exec(type)?.[1] : undefined;
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => splitHeaders(p.replace(/^\r?\n/, '')))
    .flatMap(leafParts);
}

/** Subject, text, HTML and files of a raw RFC 5322 message (enough of MIME for our own mails). */
export function parseMail(raw: string): { subject: string; text: string; html: string; to: string; attachments: ReceivedAttachment[] } {
  const message = splitHeaders(raw);
  const subject = decodeWords(message.headers.get('subject') ?? '');
  let text = '';
  let html = '';
  const attachments: ReceivedAttachment[] = [];
  for (const part of leafParts(message)) {
    const partType = part.headers.get('content-type') ?? 'text/plain';
    const disposition = part.headers.get('content-disposition') ?? '';
    if (/^attachment/i.test(disposition)) {
      const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
      attachments.push({
        filename: decodeWords(filename),
        contentType: partType.split(';')[0]!.trim(),
        content: bytesOf(part.headers, part.body),
      });
      continue;
    }
    const decoded = decodeBody(part.headers, part.body).replace(/\r\n/g, '\n').trim();
    if (partType.startsWith('text/html')) html = decoded;
    else if (partType.startsWith('text/plain')) text = decoded;
  }
  return { subject, text, html, to: decodeWords(message.headers.get('to') ?? ''), attachments };
}
