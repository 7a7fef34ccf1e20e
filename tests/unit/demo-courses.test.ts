import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZCourseFields } from '../../src/shared/schemas/courses.ts';
import { contentSchemas, embedUrl, ZQuizContent } from '../../src/shared/schemas/lesson-content.ts';
import { DEMO_COURSES } from '../../src/server/demo/courses.ts';
import { renderDemoPdf } from '../../src/server/demo/pdf.ts';

// The seed stores these without going through the API: they must be what the API would accept.
describe('the demo courses', () => {
  it('are three, in Danish and English, with every kind of lesson', () => {
    expect(DEMO_COURSES).toHaveLength(3);
    expect(new Set(DEMO_COURSES.map((c) => c.language))).toEqual(new Set(['da', 'en']));
    for (const course of DEMO_COURSES) {
      const kinds = new Set(course.modules.flatMap((m) => m.lessons.map((l) => l.kind)));
      expect(kinds).toEqual(new Set(['text', 'video', 'download', 'quiz']));
      expect(course.modules.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('pass the same schemas the API uses', () => {
    for (const course of DEMO_COURSES) {
      const { modules, slug, ...fields } = course;
      expect(slug).toMatch(/^[a-z0-9-]+$/);
      expect(ZCourseFields.partial().safeParse({ ...fields, thumbnailUploadId: null, durationMinutes: 60 }).success).toBe(true);
      for (const lesson of modules.flatMap((m) => m.lessons)) {
        if (lesson.kind === 'text') expect(contentSchemas.text.safeParse(lesson.content).error).toBeUndefined();
        if (lesson.kind === 'video' && 'url' in lesson) {
          expect(embedUrl(lesson.url)).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
          expect(
            contentSchemas.video.safeParse({ video: { source: 'embed', url: lesson.url }, notes: lesson.notes }).error,
          ).toBeUndefined();
        }
        if (lesson.kind === 'video' && 'file' in lesson) {
          // The file shipped beside the seed, as the upload endpoint would read it.
          expect(existsSync(new URL(`../../src/server/demo/${lesson.file}`, import.meta.url))).toBe(true);
          expect(contentSchemas.video.safeParse({ video: { source: 'upload', uploadId: 'x' }, notes: lesson.notes }).error).toBeUndefined();
        }
        if (lesson.kind === 'quiz') {
          expect(ZQuizContent.safeParse(lesson.quiz).error).toBeUndefined();
          for (const q of lesson.quiz.questions) {
            if (q.type === 'short_answer') expect(q.acceptedAnswers.length).toBeGreaterThan(0);
            else expect(q.options.some((o) => o.correct)).toBe(true);
          }
        }
      }
    }
  });

  it('make real PDFs for their downloads, Danish letters included', async () => {
    const lesson = DEMO_COURSES[0]!.modules.flatMap((m) => m.lessons).find((l) => l.kind === 'download');
    if (lesson?.kind !== 'download') throw new Error('no download lesson');
    const bytes = await renderDemoPdf(lesson.pdf, 'Kursa Demo ApS');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
