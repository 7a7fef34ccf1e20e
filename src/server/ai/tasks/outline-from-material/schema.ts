import { z } from 'zod';
import { ZOutlineModule, ZOutlineLesson } from '../generate-outline/schema.ts';

/**
 * An outline built on the teacher's own material: the outline of generate-outline,
 * each lesson naming the numbered sections of the material it draws on. The numbers are the
 * material's, so the schema is made per material: its numbers are the only values the JSON schema
 * sent allows, and a section that does not exist is an invalid answer, re-asked like any other.
 */
export function groundedOutlineSchema(sectionNumbers: readonly number[]) {
  const lesson = ZOutlineLesson.extend({
    source_sections: z
      .array(z.literal([...sectionNumbers], { error: `only the material's section numbers may be cited (${sectionNumbers.join(', ')})` }))
      .min(1)
      .max(6)
      .describe('The numbers of the material sections this lesson draws on'),
  });
  return z.object({
    modules: z
      .array(ZOutlineModule.extend({ lessons: z.array(lesson).min(1).max(8).describe('The lessons of the module, in order') }))
      .min(1)
      .max(12)
      .describe('The modules of the course, in order, together covering the material'),
  });
}
export type TGroundedOutline = z.infer<ReturnType<typeof groundedOutlineSchema>>;
