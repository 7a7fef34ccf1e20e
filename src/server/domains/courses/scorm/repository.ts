import type { Executor } from '../courses/repository.ts';

export interface StoredFile {
  path: string;
  storageKey: string;
  mime: string;
  size: number;
}

export async function insertPackage(
  db: Executor,
  values: {
    id: string;
    organisationId: string;
    courseId: string;
    version: '1.2' | '2004';
    schemaVersion: string;
    title: string;
    files: StoredFile[];
    uploadedBy: string;
    now: string;
  },
): Promise<void> {
  const size = values.files.reduce((sum, f) => sum + f.size, 0);
  await db
    .insertInto('scorm_packages')
    .values({
      id: values.id,
      organisation_id: values.organisationId,
      course_id: values.courseId,
      version: values.version,
      schema_version: values.schemaVersion,
      title: values.title,
      file_count: values.files.length,
      size,
      uploaded_by: values.uploadedBy,
      created_at: values.now,
    })
    .execute();
  // In slices: a statement's parameters are limited (SQLite's to 32,766).
  for (let i = 0; i < values.files.length; i += 500) {
    const slice = values.files.slice(i, i + 500);
    await db
      .insertInto('scorm_files')
      .values(slice.map((f) => ({ package_id: values.id, path: f.path, storage_key: f.storageKey, mime: f.mime, size: f.size })))
      .execute();
  }
}

/** A package's file with what decides who may load it: its course, and whether the viewer is enrolled. */
export async function findFile(db: Executor, packageId: string, path: string, viewerId: string) {
  const row = await db
    .selectFrom('scorm_files')
    .innerJoin('scorm_packages', 'scorm_packages.id', 'scorm_files.package_id')
    .innerJoin('courses', 'courses.id', 'scorm_packages.course_id')
    .leftJoin('enrolments', (join) => join.onRef('enrolments.course_id', '=', 'courses.id').on('enrolments.user_id', '=', viewerId))
    .select([
      'scorm_files.storage_key',
      'scorm_files.mime',
      'scorm_files.size',
      'courses.organisation_id',
      'courses.status',
      'enrolments.id as enrolment_id',
    ])
    .where('scorm_files.package_id', '=', packageId)
    .where('scorm_files.path', '=', path)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size) };
}
