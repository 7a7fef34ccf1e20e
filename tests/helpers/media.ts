import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/database.ts';
import { insertUser } from '../../src/server/domains/identity/users/repository.ts';
import { hashPassword } from '../../src/server/security/passwords.ts';
import { sessionCookie } from './app.ts';

/** Real file headers (what the server reads the type from), then filler up to `size`. */
function padded(head: Buffer, size: number): Buffer {
  return size <= head.length ? head : Buffer.concat([head, Buffer.alloc(size - head.length, 0x2a)]);
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = padded(
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  600,
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
export const WEBP = (() => {
  const body = Buffer.concat([
    Buffer.from('WEBPVP8L'),
    Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, body]);
})();

/** An ISO base media (MP4) file: an `ftyp` box with the isom brand, then `size` bytes in all. */
export function mp4(size = 4096): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp42')]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(Math.max(8, size - ftyp.length));
  mdatHeader.write('mdat', 4);
  return padded(Buffer.concat([ftyp, mdatHeader]), size);
}

/** A WebM file: an EBML header whose DocType is "webm". */
export function webm(size = 4096): Buffer {
  const elements = Buffer.from([
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0xf7,
    0x81,
    0x01,
    0x42,
    0xf2,
    0x81,
    0x04,
    0x42,
    0xf3,
    0x81,
    0x08,
    0x42,
    0x82,
    0x84,
    ...Buffer.from('webm'),
    0x42,
    0x87,
    0x81,
    0x02,
    0x42,
    0x85,
    0x81,
    0x02,
  ]);
  return padded(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | elements.length]), elements]), size);
}

export function pdf(size = 2048): Buffer {
  return padded(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), size);
}

/** A ZIP archive of stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

function officeFile(main: string, folder: string): Buffer {
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/main.xml" ContentType="application/vnd.openxmlformats-officedocument.${main}.main+xml"/></Types>`,
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    [`${folder}/main.xml`]: '<?xml version="1.0"?><root/>',
  });
}

export const DOCX = officeFile('wordprocessingml.document', 'word');
export const PPTX = officeFile('presentationml.presentation', 'ppt');
export const XLSX = officeFile('spreadsheetml.sheet', 'xl');
export const ZIP = zip({ 'readme.txt': 'Kursusmaterialer til modul 1.\n', 'data/tal.csv': 'a,b\n1,2\n' });
/** An HTML page: what a spoofed "video.mp4" really is. */
export const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');

export interface FilePart {
  name?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body: the text fields in order, then the file(s). */
export function multipart(fields: Record<string, string>, files: FilePart[] = [], fieldsAfter: Record<string, string> = {}) {
  const boundary = `----kursa${randomUUID()}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, value] of Object.entries(fields)) field(name, value);
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fieldsAfter)) field(name, value);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(app: FastifyInstance, cookie: string | undefined, fields: Record<string, string>, file: FilePart) {
  const { body, contentType } = multipart(fields, [file]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body,
    headers: { 'content-type': contentType, ...(cookie && { cookie }) },
  });
}

/** Uploads the company's logo or hero image (POST /api/organisation/brand/:asset) as the admin whose cookie it is. */
export function uploadBrandImage(app: FastifyInstance, cookie: string, asset = 'logo', data: Buffer = PNG, filename = 'logo.png') {
  const { body, contentType } = multipart({}, [{ filename, contentType: 'image/png', data }]);
  return app.inject({
    method: 'POST',
    url: `/api/organisation/brand/${asset}`,
    payload: body,
    headers: { cookie, 'content-type': contentType },
  });
}

/** Puts a company on a plan straight in the database (what a paid checkout ends in). */
export function setPlan(db: Db, organisationId: string, plan: 'trial' | 'starter' | 'professional' | 'enterprise') {
  return db.updateTable('organisations').set({ plan }).where('id', '=', organisationId).execute();
}

let users = 0;

/** Adds a user of `role` to a company directly (inviting users comes later) and logs them in. */
export async function addMember(app: FastifyInstance, db: Db, organisationId: string, role: 'admin' | 'instructor' | 'learner') {
  const id = `${role}-${++users}-${randomUUID()}`;
  const email = `${id}@example.dk`;
  await insertUser(db, {
    id,
    organisationId,
    email,
    passwordHash: await hashPassword('member-pass-1'),
    contactName: 'Ida Underviser',
    phone: '87654321',
    role,
  });
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'member-pass-1' } });
  return { id, cookie: sessionCookie(res) };
}

/**
 * A course inserted directly (not through the courses API): draft and private
 * unless told otherwise.
 */
export async function insertCourse(
  db: Db,
  course: {
    organisationId: string;
    ownerId: string;
    status?: 'draft' | 'published' | 'archived';
    visibility?: 'public' | 'unlisted' | 'private';
  },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('courses')
    .values({
      id,
      organisation_id: course.organisationId,
      owner_id: course.ownerId,
      title: 'Kom godt i gang med GDPR',
      slug: `gdpr-${id}`,
      subtitle: '',
      description: '',
      category: 'business',
      level: 'beginner',
      language: 'da',
      tags: '[]',
      thumbnail_upload_id: null,
      learning_objectives: '[]',
      target_audience: '',
      duration_minutes: null,
      pricing: 'free',
      price: 0,
      currency: 'DKK',
      visibility: course.visibility ?? 'private',
      status: course.status ?? 'draft',
      published_at: course.status === 'published' ? now : null,
      source: 'manual',
      source_model: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Every file under a directory (recursively), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
