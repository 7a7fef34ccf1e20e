import { z } from 'zod';

/**
 * A course's workbook (ADR 022): for each module its key points and 2–4 reflection
 * exercises the learner answers in writing. Structure only; the PDF is laid out by code.
 */
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);

export const ZWorkbookOutput = z.object({
  title: text(200, 'The workbook’s title'),
  introduction: text(1500, 'A short opening: how to use the workbook alongside the course'),
  modules: z
    .array(
      z.object({
        title: text(200, 'The module’s title, as given'),
        key_points: z.array(text(400, 'One key point')).min(2).max(8).describe('2–8 key points of the module'),
        exercises: z
          .array(
            z.object({
              title: text(160, 'The exercise’s short title'),
              prompt: text(1200, 'What the learner reflects on or does, in relation to their own work'),
            }),
          )
          .min(2)
          .max(4)
          .describe('2–4 reflection exercises answered in writing'),
      }),
    )
    .min(1)
    .max(12)
    .describe('One entry per module, in the order given'),
});
export type TWorkbookOutput = z.infer<typeof ZWorkbookOutput>;
