import { readFile } from 'node:fs/promises';
import { contentSchemas, type LessonContent } from '../../shared/schemas/lesson-content.ts';
import { insertCourse, insertLesson, insertModule, insertRevision, updateCourse } from '../domains/courses/index.ts';
import { saveBrand, setSubdomain } from '../domains/site/index.ts';
import { newId } from '../security/tokens.ts';
import type { Db } from '../db/database.ts';
import { DEMO_BRAND_COLOUR, DEMO_COURSES, DEMO_SUBDOMAIN, type DemoLesson, type DemoPdf } from './courses.ts';
import { renderDemoCover } from './cover.ts';
import { renderDemoPdfsApart } from './pdf.ts';

/** Stores a file the seed made and records it as an upload of the course; answers its id. */
export type StoreDemoFile = (file: {
  organisationId: string;
  courseId: string;
  uploadedBy: string;
  kind: 'image' | 'video' | 'download';
  fileName: string;
  mime: string;
  bytes: Uint8Array;
}) => Promise<string>;

/**
 * Gives the freshly seeded demo company its subdomain and three published sample courses, so a
 * newcomer sees a living product at once. Every lesson's content is checked against
 * the same schemas the API uses, so the seed can never store what the builder would refuse.
 */
export async function seedDemoCourses(db: Db, owner: { organisationId: string; userId: string }, storeFile: StoreDemoFile): Promise<void> {
  await setSubdomain(db, owner.organisationId, DEMO_SUBDOMAIN);
  // A colour of its own, so its site shows what a brand does (the shared demo admin cannot change it).
  await saveBrand(db, owner.organisationId, { colour: DEMO_BRAND_COLOUR }, new Date().toISOString());
  // Every handout at once, in one child process (renderDemoPdfsApart says why).
  const handouts = DEMO_COURSES.flatMap((c) => c.modules.flatMap((m) => m.lessons.flatMap((l) => (l.kind === 'download' ? [l.pdf] : []))));
  const rendered = await renderDemoPdfsApart(handouts, 'Kursa Demo ApS · kursa');
  const pdfs = new Map(handouts.map((pdf, i) => [pdf, rendered[i]!]));
  let minute = 0;
  for (const course of DEMO_COURSES) {
    const courseId = newId();
    // Distinct, ordered timestamps: the newest-first lists show the courses in a stable order.
    const at = new Date(Date.now() - (DEMO_COURSES.length - minute++) * 60_000).toISOString();
    const duration = course.modules.reduce((n, m) => n + m.lessons.reduce((k, l) => k + l.durationMinutes, 0), 0);
    await insertCourse(db, {
      id: courseId,
      organisation_id: owner.organisationId,
      owner_id: owner.userId,
      title: course.title,
      slug: course.slug,
      subtitle: course.subtitle,
      description: course.description,
      category: course.category,
      level: course.level,
      language: course.language,
      tags: JSON.stringify(course.tags),
      thumbnail_upload_id: null,
      learning_objectives: JSON.stringify(course.learningObjectives),
      target_audience: course.targetAudience,
      duration_minutes: duration,
      pricing: course.pricing,
      price: course.price,
      currency: course.currency,
      visibility: 'public',
      status: 'published',
      published_at: at,
      source: 'manual',
      source_model: null,
      version: 1,
      created_at: at,
      updated_at: at,
    });
    const thumbnail = await storeFile({
      organisationId: owner.organisationId,
      courseId,
      uploadedBy: owner.userId,
      kind: 'image',
      fileName: `${course.slug}.png`,
      mime: 'image/png',
      bytes: renderDemoCover(course.cover),
    });
    await updateCourse(db, courseId, 1, { thumbnail_upload_id: thumbnail });
    for (const [moduleIndex, module] of course.modules.entries()) {
      const moduleId = newId();
      await insertModule(db, {
        id: moduleId,
        courseId,
        position: moduleIndex,
        title: module.title,
        description: module.description,
        now: at,
      });
      for (const [lessonIndex, lesson] of module.lessons.entries()) {
        const content = await lessonContent(
          lesson,
          { organisationId: owner.organisationId, courseId, uploadedBy: owner.userId },
          storeFile,
          pdfs,
        );
        const lessonId = newId();
        const json = JSON.stringify(contentSchemas[lesson.kind].parse(content));
        await insertLesson(db, {
          id: lessonId,
          course_id: courseId,
          module_id: moduleId,
          position: lessonIndex,
          title: lesson.title,
          kind: lesson.kind,
          content: json,
          format: null,
          source: 'manual',
          source_model: null,
          duration_minutes: lesson.durationMinutes,
          free_preview: lesson.freePreview ? 1 : 0,
          version: 1,
          created_at: at,
          updated_at: at,
        });
        await insertRevision(db, {
          id: newId(),
          lessonId,
          version: 1,
          title: lesson.title,
          kind: lesson.kind,
          content: json,
          authorId: owner.userId,
          now: at,
        });
      }
    }
  }
}

async function lessonContent(
  lesson: DemoLesson,
  owner: { organisationId: string; courseId: string; uploadedBy: string },
  storeFile: StoreDemoFile,
  pdfs: ReadonlyMap<DemoPdf, Uint8Array>,
): Promise<LessonContent> {
  switch (lesson.kind) {
    case 'text':
      return lesson.content;
    case 'video': {
      if ('url' in lesson) return { video: { source: 'embed', url: lesson.url }, notes: lesson.notes };
      // Shipped beside this module; the server build copies it to dist with the compiled code.
      const bytes = await readFile(new URL(`./${lesson.file}`, import.meta.url));
      const uploadId = await storeFile({ ...owner, kind: 'video', fileName: lesson.file, mime: 'video/webm', bytes });
      return { video: { source: 'upload', uploadId }, notes: lesson.notes };
    }
    case 'quiz':
      return lesson.quiz;
    case 'download': {
      const bytes = pdfs.get(lesson.pdf)!;
      const uploadId = await storeFile({ ...owner, kind: 'download', fileName: lesson.pdf.fileName, mime: 'application/pdf', bytes });
      return { files: [{ uploadId, title: lesson.pdf.title }], notes: lesson.notes };
    }
  }
}
