import { z } from 'zod';
import { ZLessonOutput } from '../generate-lesson/schema.ts';

/**
 * One lesson written from the sections of the material it was given, saying which it used: the
 * given numbers are the only values the JSON schema sent allows.
 */
export function groundedLessonSchema(sectionNumbers: readonly number[]) {
  return ZLessonOutput.extend({
    cited_sections: z
      .array(z.literal([...sectionNumbers], { error: `cite only the sections given (${sectionNumbers.join(', ')})` }))
      .min(1)
      .max(sectionNumbers.length)
      .describe('The numbers of the given sections the lesson actually uses'),
  });
}
export type TGroundedLesson = z.infer<ReturnType<typeof groundedLessonSchema>>;
