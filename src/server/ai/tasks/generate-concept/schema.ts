import { z } from 'zod';
import { COURSE_LEVELS } from '../../../../shared/schemas/courses.ts';
import { CONCEPT_FORMATS } from '../../../../shared/schemas/course-creator.ts';

/**
 * Three course concepts: each a course draft (the wizard's course fields) and what sets it apart.
 * Exactly three, with different titles and angles: two near-copies are an invalid answer, re-asked.
 */
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export const ZConcept = z.object({
  title: text(120, 'The course title: short, concrete, no quotation marks'),
  description: text(1200, 'What the course covers and why it matters to the audience, in 2–4 sentences'),
  learning_objectives: z
    .array(text(300, 'One thing the learner will be able to do, starting with a verb'))
    .min(3)
    .max(6)
    .describe('3–6 learning objectives'),
  complexity_level: z.enum(COURSE_LEVELS).describe('How advanced the course is'),
  duration: text(120, 'How long the course takes, in words (e.g. weeks and hours per week)'),
  duration_minutes: z.number().int().min(15).max(6000).describe('The total learning time in minutes'),
  format: z.enum(CONCEPT_FORMATS).describe('The main format of the course'),
  differentiator: text(600, 'What sets this concept apart from the other two'),
});

export const ZConceptsOutput = z.object({
  concepts: z
    .array(ZConcept)
    .min(3)
    .max(3)
    .superRefine((concepts, ctx) => {
      concepts.forEach((concept, i) => {
        for (let j = 0; j < i; j++) {
          if (same(concept.title, concepts[j]!.title))
            ctx.addIssue({ code: 'custom', path: [i, 'title'], message: `must differ from concept ${j + 1}'s title` });
          if (same(concept.differentiator, concepts[j]!.differentiator))
            ctx.addIssue({ code: 'custom', path: [i, 'differentiator'], message: `must differ from concept ${j + 1}'s` });
        }
      });
    })
    .describe('Exactly three distinct course concepts'),
});
export type TConceptsOutput = z.infer<typeof ZConceptsOutput>;
