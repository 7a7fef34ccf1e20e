import { z } from 'zod';

/**
 * A course outline: modules in order, each with its lessons. Plain text only; the
 * code creates the modules and lessons from it (and a quiz per module when asked to).
 */
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);

export const ZOutlineLesson = z.object({
  title: text(200, 'The lesson title: short and concrete, no numbering'),
  summary: text(600, 'What the lesson teaches, in one or two sentences'),
  duration_minutes: z.number().int().min(3).max(120).describe('How long the lesson takes to study, in minutes'),
});

export const ZOutlineModule = z.object({
  title: text(200, 'The module title: short and concrete, no numbering'),
  description: text(1000, 'What the module covers, in one or two sentences'),
  lessons: z.array(ZOutlineLesson).min(1).max(8).describe('The lessons of the module, in order'),
});

export const ZOutlineOutput = z.object({
  modules: z
    .array(ZOutlineModule)
    .min(1)
    .max(12)
    .superRefine((modules, ctx) => {
      const seen = new Set<string>();
      modules.forEach((module, i) => {
        const key = module.title.trim().toLocaleLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'title'], message: 'module titles must differ' });
        seen.add(key);
      });
    })
    .describe('The modules of the course, in order'),
});
export type TOutlineOutput = z.infer<typeof ZOutlineOutput>;
