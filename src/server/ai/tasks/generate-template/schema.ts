import { z } from 'zod';
import { ASSESSMENT_TYPES, TEMPLATE_RANGES, TEMPLATE_WEEKS } from '../../../../shared/schemas/creator-template.ts';

/**
 * A course template as the model writes it: the generated template's words. The product's fixed
 * ranges (TEMPLATE_RANGES, TEMPLATE_WEEKS) are the schema's: 3–5 modules, 2–5 lessons each, 20–59
 * minute lessons, 6/8/10/12/16 weeks — an answer outside them is invalid and re-asked. What is
 * fixed per assessment type (questions, minutes) the model is not asked for at all: code sets it.
 */
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);
const list = (min: number, max: number, item: z.ZodString, description: string) => z.array(item).min(min).max(max).describe(description);

const ZAssessmentPlan = z.object({
  type: z
    .enum(ASSESSMENT_TYPES)
    .describe('quiz: questions on the module; project: a practical assignment; portfolio: a collected piece of work'),
  title: text(160, 'The assessment’s title'),
});

const [minModules, maxModules] = TEMPLATE_RANGES.modules;
const [minLessons, maxLessons] = TEMPLATE_RANGES.lessons;
const [minMinutes, maxMinutes] = TEMPLATE_RANGES.lessonMinutes;

export const ZTemplateOutput = z.object({
  title: text(160, 'The course title: short, concrete, no quotation marks'),
  description: text(1500, 'What the course covers and why it matters to the audience, in 2–4 sentences'),
  industry: text(160, 'The industry or subject area'),
  targetAudience: text(600, 'Who the course is for'),
  learningObjectives: list(3, 6, text(300, 'One objective, starting with a verb'), '3–6 learning objectives'),
  duration_weeks: z.literal(TEMPLATE_WEEKS).describe('How many weeks the course runs'),
  modules: z
    .array(
      z.object({
        title: text(160, 'The module’s title'),
        description: text(800, 'What the module covers, in 1–3 sentences'),
        lessons: z
          .array(
            z.object({
              title: text(160, 'The lesson’s title'),
              duration_minutes: z
                .number()
                .int()
                .min(minMinutes)
                .max(maxMinutes)
                .describe(`The lesson’s length in minutes, ${minMinutes}–${maxMinutes}`),
              summary: text(600, 'What the lesson teaches, in one or two sentences'),
            }),
          )
          .min(minLessons)
          .max(maxLessons)
          .describe(`${minLessons}–${maxLessons} lessons in teaching order`),
        assessment: ZAssessmentPlan.describe('How the module is assessed'),
      }),
    )
    .min(minModules)
    .max(maxModules)
    .refine((modules) => new Set(modules.map((m) => m.title.toLocaleLowerCase())).size === modules.length, {
      error: 'each module needs its own title',
    })
    .describe(`${minModules}–${maxModules} modules in teaching order`),
  assessments: z
    .array(ZAssessmentPlan)
    .min(1)
    .max(ASSESSMENT_TYPES.length)
    .refine((items) => new Set(items.map((a) => a.type)).size === items.length, { error: 'each assessment type may appear only once' })
    .describe('The course’s overall assessments, one per type at most'),
  marketingCopy: z.object({
    landingPageHeadline: text(160, 'The headline of the course’s landing page'),
    courseBenefits: list(3, 6, text(300, 'One benefit for the learner or their employer'), '3–6 benefits'),
    socialMediaPosts: list(3, 5, text(600, 'One social media post announcing the course'), '3–5 posts'),
    emailSubjects: list(3, 5, text(120, 'One e-mail subject line'), '3–5 subject lines'),
  }),
});
export type TTemplateOutput = z.infer<typeof ZTemplateOutput>;
