import { z } from 'zod';

/** The limits of what the model writes for a picture (the alt text is also edited by people: shared/schemas/course-media.ts). */
export const IMAGE_BRIEF_LIMITS = { prompt: 1500, altText: 300 } as const;

/**
 * What the image model is asked to draw and how the picture is described to those who cannot see
 * it. The prompt is in English, which image models follow best; the alt text in the course's language.
 */
export const ZImageBriefOutput = z.object({
  prompt: z
    .string()
    .trim()
    .min(20)
    .max(IMAGE_BRIEF_LIMITS.prompt)
    .describe(
      'In English: what the image model draws — the subject, the setting, the style, the mood and the colours, with no text, letters, logos or real people in the picture',
    ),
  alt_text: z
    .string()
    .trim()
    .min(5)
    .max(IMAGE_BRIEF_LIMITS.altText)
    .describe("One or two sentences in the course's language describing what the picture shows, for a screen reader"),
});
export type TImageBrief = z.infer<typeof ZImageBriefOutput>;
