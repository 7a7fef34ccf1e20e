import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/database.ts';
import type { CoursesTable } from '../../src/server/db/schema.ts';
import type { LessonKind } from '../../src/shared/schemas/lesson-content.ts';

let n = 0;

/**
 * Puts a course straight into the database (with modules and lessons when given), for tests of
 * what reads courses: the catalogue and the company sites.
 */
export async function insertCourse(
  db: Db,
  organisationId: string,
  ownerId: string,
  overrides: Partial<Omit<CoursesTable, 'tags' | 'learning_objectives' | 'translation_of' | 'public_questions'>> & {
    tags?: string[];
    learningObjectives?: string[];
  } = {},
  outline: { title: string; lessons: { title: string; kind?: LessonKind; duration?: number; content?: unknown }[] }[] = [],
): Promise<{ id: string; slug: string }> {
  const now = new Date(Date.now() + ++n).toISOString();
  const id = randomUUID();
  const { tags, learningObjectives, ...rest } = overrides;
  const slug = overrides.slug ?? `course-${n}-${id.slice(0, 8)}`;
  const status = overrides.status ?? 'published';
  await db
    .insertInto('courses')
    .values({
      id,
      organisation_id: organisationId,
      owner_id: ownerId,
      title: `Kursus ${n}`,
      slug,
      subtitle: '',
      description: '',
      category: 'business',
      level: 'beginner',
      language: 'da',
      tags: JSON.stringify(tags ?? []),
      thumbnail_upload_id: null,
      learning_objectives: JSON.stringify(learningObjectives ?? []),
      target_audience: '',
      duration_minutes: null,
      pricing: 'free',
      price: 0,
      currency: 'DKK',
      visibility: 'public',
      status,
      published_at: status === 'published' ? now : null,
      source: 'manual',
      source_model: null,
      version: 1,
      created_at: now,
      updated_at: now,
      ...rest,
    })
    .execute();
  let m = 0;
  for (const module of outline) {
    const moduleId = randomUUID();
    await db
      .insertInto('course_modules')
      .values({ id: moduleId, course_id: id, position: m++, title: module.title, description: '', created_at: now, updated_at: now })
      .execute();
    let l = 0;
    for (const lesson of module.lessons) {
      await db
        .insertInto('lessons')
        .values({
          id: randomUUID(),
          course_id: id,
          module_id: moduleId,
          position: l++,
          title: lesson.title,
          kind: lesson.kind ?? 'text',
          content: JSON.stringify(lesson.content ?? { type: 'doc', content: [{ type: 'paragraph' }] }),
          format: null,
          source: 'manual',
          source_model: null,
          duration_minutes: lesson.duration ?? null,
          version: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  return { id, slug };
}
