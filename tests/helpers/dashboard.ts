import type { ActivityTable } from '../../src/server/db/schema.ts';
import { newId } from '../../src/server/security/tokens.ts';
import type { TestApp } from './app.ts';

/**
 * Learning rows written straight into the database, for the reviews and dashboard tests (not
 * through the enrolment API).
 */

export async function enrol(
  t: TestApp,
  courseId: string,
  userId: string,
  fields: {
    source?: 'self' | 'assigned';
    enrolledAt?: string;
    progress?: number;
    lastActivityAt?: string | null;
    completedAt?: string | null;
    dueAt?: string | null;
  } = {},
): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('enrolments')
    .values({
      id,
      course_id: courseId,
      user_id: userId,
      source: fields.source ?? 'self',
      due_at: fields.dueAt ?? null,
      enrolled_at: fields.enrolledAt ?? new Date().toISOString(),
      progress: fields.progress ?? 0,
      last_activity_at: fields.lastActivityAt ?? null,
      completed_at: fields.completedAt ?? null,
    })
    .execute();
  return id;
}

export async function progress(t: TestApp, enrolmentId: string, lessonId: string, completedAt: string | null = null): Promise<void> {
  await t.db
    .insertInto('lesson_progress')
    .values({
      enrolment_id: enrolmentId,
      lesson_id: lessonId,
      position_seconds: 0,
      completed_at: completedAt,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

export async function lessonIds(t: TestApp, courseId: string): Promise<string[]> {
  return (await t.db.selectFrom('lessons').select('id').where('course_id', '=', courseId).orderBy('position').execute()).map((r) => r.id);
}

export async function view(t: TestApp, courseId: string, viewedAt: string): Promise<void> {
  await t.db.insertInto('course_views').values({ id: newId(), course_id: courseId, viewed_at: viewedAt }).execute();
}

export async function activity(
  t: TestApp,
  row: { organisationId: string; courseId: string | null; userId: string | null; kind: ActivityTable['kind']; createdAt: string },
): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('activity')
    .values({
      id,
      organisation_id: row.organisationId,
      course_id: row.courseId,
      user_id: row.userId,
      kind: row.kind,
      created_at: row.createdAt,
    })
    .execute();
  return id;
}

export const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000).toISOString();
