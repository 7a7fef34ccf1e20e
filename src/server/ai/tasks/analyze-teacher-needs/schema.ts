import { z } from 'zod';
import { COURSE_FEATURE_KEYS } from '../../../../shared/course-features.ts';

/**
 * The teacher profile the model writes. Every field is required and plain text, as
 * strict JSON-schema response formats want; missing features come from Kursa's fixed list only.
 */
const field = (description: string) => z.string().trim().min(1).max(1500).describe(description);

export const ZTeacherNeedsOutput = z.object({
  experience: field("The teacher's teaching experience and background, summarised"),
  subject: field('The subject or field the course is about'),
  audience: field('Who the learners are: role, level, and what they already know'),
  goals: field('What the learners should be able to do after the course'),
  challenges: field('What makes teaching this audience hard, and what stands in the way'),
  preferences: z
    .object({
      delivery: field('How the teacher prefers to deliver the course (video, text, live, blended; pace)'),
      assessment: field('How the teacher prefers to assess learning'),
      vision: field('The teacher’s vision for the course'),
      transformation: field('The change the course should make in the learners’ work'),
    })
    .describe("The teacher's preferences"),
  missingFeatures: z
    .array(
      z.object({
        key: z.enum(COURSE_FEATURE_KEYS).describe('A Kursa capability the needs call for'),
        reason: field('Why this teacher’s needs call for it, in one or two sentences'),
      }),
    )
    .max(COURSE_FEATURE_KEYS.length)
    .refine((list) => new Set(list.map((f) => f.key)).size === list.length, { error: 'each feature may appear only once' })
    .describe('Kursa capabilities the teacher’s needs call for that the course draft does not use yet; empty when none'),
});
export type TTeacherNeedsOutput = z.infer<typeof ZTeacherNeedsOutput>;
