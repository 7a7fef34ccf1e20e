import { z } from 'zod';
import { ZLessonOutput } from '../generate-lesson/schema.ts';

/** One lesson written from the sections of the material it was given, saying which it used. */
export function groundedLessonSchema(sectionNumbers: readonly number[]) {
  const known = new Set(sectionNumbers);
  return ZLessonOutput.extend({
    cited_sections: z
      .array(z.number().int())
      .min(1)
      .max(sectionNumbers.length)
      .refine((numbers) => numbers.every((n) => known.has(n)), { message: `cite only the sections given (${sectionNumbers.join(', ')})` })
      .describe('The numbers of the given sections the lesson actually uses'),
  });
}
export type TGroundedLesson = z.infer<ReturnType<typeof groundedLessonSchema>>;
