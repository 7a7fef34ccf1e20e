import { z } from 'zod';

/**
 * One lesson's text as structure, never as HTML or markdown: an introduction,
 * sections with headings, paragraphs and lists, a worked example and key points. Code turns it
 * into the course model's TipTap document (course-generation/lesson-document.ts).
 */
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);

export const ZLessonSection = z.object({
  heading: text(200, 'The section heading, without numbering'),
  paragraphs: z.array(text(3000, 'One paragraph of plain text')).min(1).max(6).describe('The paragraphs of the section'),
  bullets: z.array(text(500, 'One list item')).max(8).describe('A list that belongs to the section (empty when none)'),
});

export const ZLessonOutput = z.object({
  introduction: text(2000, 'One or two paragraphs that say what the lesson is about and why it matters'),
  sections: z.array(ZLessonSection).min(2).max(8).describe('The body of the lesson, in order'),
  example: z
    .object({
      title: text(200, 'A short title for the example'),
      text: text(3000, 'A concrete example from a workplace that shows the lesson in practice'),
    })
    .describe('A worked example'),
  key_points: z.array(text(400, 'One key point')).min(3).max(6).describe('What the learner should remember'),
});
export type TLessonOutput = z.infer<typeof ZLessonOutput>;
