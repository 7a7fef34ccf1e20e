import { z } from 'zod';
import { INSIGHT_IMPACTS, INSIGHT_TYPES } from '../../../../shared/schemas/course-insights.ts';

/** Insights on a course, each as the API answers an insight: 3–8, each with a concrete recommendation. */
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);

export const ZPerformanceInsights = z.object({
  insights: z
    .array(
      z.object({
        type: z.enum(INSIGHT_TYPES).describe('positive: works well; warning: a problem; improvement: an opportunity'),
        title: text(120, 'A short headline'),
        description: text(1000, 'What was found, citing the figures or the structure it rests on'),
        impact: z.enum(INSIGHT_IMPACTS).describe('How much acting on it would matter'),
        recommendation: text(1000, 'What the instructor should do, concretely'),
      }),
    )
    .min(3)
    .max(8)
    .describe('3–8 insights, the most important first'),
});
export type TPerformanceInsights = z.infer<typeof ZPerformanceInsights>;
