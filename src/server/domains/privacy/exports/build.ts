import type { Readable } from 'node:stream';
import type { Db } from '../../../db/database.ts';
import { StorageNotFoundError, type Storage } from '../../../storage/index.ts';
import { collectPerson, type PersonData } from './collect.ts';
import { summaryHtml } from './summary.ts';
import type { ZipSink } from './zip-sink.ts';

/**
 * What goes into an export's ZIP (the layout is in docs/features/privacy.md). A person's copy:
 * one JSON file per kind of data, summary.html, certificates/<code>.pdf and uploads/<id>-<name>.
 * A company's: company.json, courses/<course-id>.json, uploads/ once, and each person's copy
 * under people/<user-id>/ (their uploads listed there, the bytes in the company's uploads/).
 */

export interface BuildDeps {
  db: Db;
  storage: Storage;
  /** A certificate's PDF as its holder downloads it (the learning domain renders it); undefined when it cannot be. */
  certificatePdf: (holderId: string, code: string) => Promise<Uint8Array | undefined>;
}

/** A stored file's name in the ZIP: its id first (names repeat), no folders, no control characters. */
function entryName(id: string, name: string): string {
  const safe =
    [...name]
      .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '/\\:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .slice(0, 120) || 'file';
  return `${id}-${safe}`;
}

/** The stored bytes of an upload, or undefined when the storage no longer has them (listed as missing). */
async function openUpload(storage: Storage, key: string): Promise<Readable | undefined> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return undefined;
    throw error;
  }
}

async function writePersonFiles(sink: ZipSink, deps: BuildDeps, userId: string, person: PersonData, prefix: string, madeAt: Date) {
  for (const [name, value] of Object.entries(person.files)) await sink.json(`${prefix}${name}.json`, value);
  await sink.text(`${prefix}summary.html`, summaryHtml(person, madeAt));
  for (const certificate of person.certificates) {
    const pdf = await deps.certificatePdf(userId, certificate.code);
    if (pdf) await sink.bytes(`${prefix}certificates/${certificate.code}.pdf`, pdf);
  }
}

/** Streams uploads into `folder`; answers the ids whose bytes the storage no longer has. */
async function writeUploads(
  sink: ZipSink,
  storage: Storage,
  folder: string,
  uploads: readonly { id: string; name: string; key: string }[],
) {
  const missing: string[] = [];
  for (const upload of uploads) {
    const body = await openUpload(storage, upload.key);
    if (body) await sink.stream(`${folder}${entryName(upload.id, upload.name)}`, body);
    else missing.push(upload.id);
  }
  return missing;
}

/** A person's copy; false when the person is gone. */
export async function writePerson(sink: ZipSink, deps: BuildDeps, userId: string, madeAt: Date): Promise<boolean> {
  const person = await collectPerson(deps.db, userId);
  if (!person) return false;
  await writePersonFiles(sink, deps, userId, person, '', madeAt);
  const missing = await writeUploads(
    sink,
    deps.storage,
    'uploads/',
    person.uploads.map((u) => ({ id: u.id, name: u.originalName, key: u.storageKey })),
  );
  if (missing.length) await sink.json('uploads-missing.json', missing);
  return true;
}

const parsed = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Every course of the company with its modules and lessons (content and quizzes as JSON), one file per course. */
async function writeCourses(sink: ZipSink, db: Db, organisationId: string) {
  const courses = await db.selectFrom('courses').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').execute();
  for (const course of courses) {
    const modules = await db.selectFrom('course_modules').selectAll().where('course_id', '=', course.id).orderBy('position').execute();
    const lessons = await db.selectFrom('lessons').selectAll().where('course_id', '=', course.id).orderBy('position').execute();
    await sink.json(`courses/${course.id}.json`, {
      ...course,
      tags: parsed(course.tags),
      learning_objectives: parsed(course.learning_objectives),
      modules: modules.map((m) => ({
        ...m,
        lessons: lessons.filter((l) => l.module_id === m.id).map((l) => ({ ...l, content: parsed(l.content) })),
      })),
    });
  }
  return courses.length;
}

/** A company's copy: the company, its courses, its uploads and each of its people. */
export async function writeCompany(sink: ZipSink, deps: BuildDeps, organisationId: string, madeAt: Date): Promise<void> {
  const { db } = deps;
  const company = await db
    .selectFrom('organisations')
    .select([
      'id',
      'cvr',
      'name',
      'address',
      'city',
      'postal_code',
      'phone',
      'email',
      'plan',
      'plan_period',
      'ean',
      'subdomain',
      'created_at',
    ])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  const people = await db
    .selectFrom('users')
    .select(['id', 'contact_name', 'email', 'role'])
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .execute();
  const groups = await db.selectFrom('groups').selectAll().where('organisation_id', '=', organisationId).execute();
  const requirements = await db.selectFrom('requirements').selectAll().where('organisation_id', '=', organisationId).execute();
  await sink.json('company.json', { ...company, people, groups, requirements });
  await writeCourses(sink, db, organisationId);
  const uploads = await db
    .selectFrom('uploads')
    .select(['id', 'course_id', 'uploaded_by', 'kind', 'mime', 'size', 'original_name', 'storage_key', 'created_at'])
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .execute();
  await sink.json(
    'uploads.json',
    uploads.map(({ storage_key: _key, ...u }) => ({ ...u, size: Number(u.size), file: `uploads/${entryName(u.id, u.original_name)}` })),
  );
  const missing = await writeUploads(
    sink,
    deps.storage,
    'uploads/',
    uploads.map((u) => ({ id: u.id, name: u.original_name, key: u.storage_key })),
  );
  if (missing.length) await sink.json('uploads-missing.json', missing);
  for (const { id } of people) {
    const person = await collectPerson(db, id);
    if (person) await writePersonFiles(sink, deps, id, person, `people/${id}/`, madeAt);
  }
}
