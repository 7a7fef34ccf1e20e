import { z } from 'zod';
import { ZAiSource } from './ai.ts';
import { COURSE_LANGUAGES } from './courses.ts';

/**
 * A course's marketing copy (the launch step's 5 emails, 20 social posts, 10 ad variations, landing
 * copy, SEO), written by the generate-marketing AI task in the course's language and stored with the
 * course; the company site's course page uses the landing and SEO parts.
 */

export const MARKETING_COUNTS = { emails: 5, socialPosts: 20, adVariations: 10 } as const;
export const SEO_LIMITS = { title: 60, description: 160 } as const;
export const SOCIAL_CHANNELS = ['linkedin', 'facebook', 'instagram', 'x'] as const;

const words = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);

export const ZMarketingCopy = z.object({
  landingHeadline: words(120, "The landing page's headline: the course's promise in one line"),
  benefits: z.array(words(300, 'One concrete benefit for the learner or their employer')).min(3).max(6).describe('3–6 course benefits'),
  emails: z
    .array(
      z.object({
        subject: words(120, 'The subject line'),
        body: words(3000, 'The e-mail text, plain text, paragraphs separated by a blank line'),
      }),
    )
    .length(MARKETING_COUNTS.emails)
    .describe('Exactly 5 e-mails: a launch sequence from announcement to last call'),
  socialPosts: z
    .array(
      z.object({ channel: z.enum(SOCIAL_CHANNELS).describe('Where it is posted'), text: words(600, 'The post, fitted to its channel') }),
    )
    .length(MARKETING_COUNTS.socialPosts)
    .describe('Exactly 20 social media posts over the channels'),
  adVariations: z
    .array(z.object({ headline: words(90, 'The ad headline'), text: words(300, 'The ad text') }))
    .length(MARKETING_COUNTS.adVariations)
    .describe('Exactly 10 distinct ad variations'),
  landingCopy: words(4000, "The landing page's body copy, plain text, paragraphs separated by a blank line"),
  seoTitle: words(SEO_LIMITS.title, 'The page title for search engines, at most 60 characters'),
  seoDescription: words(SEO_LIMITS.description, 'The meta description for search engines, at most 160 characters'),
});
export type TMarketingCopy = z.infer<typeof ZMarketingCopy>;

/** The stored copy with who wrote it and when. */
export const ZCourseMarketing = ZMarketingCopy.extend({
  language: z.enum(COURSE_LANGUAGES),
  /** Always true: the UI labels it as AI-generated, as it does whatever a model wrote. */
  aiGenerated: z.literal(true),
  source: ZAiSource,
  generatedAt: z.string(),
});
export type TCourseMarketing = z.infer<typeof ZCourseMarketing>;

/** GET and POST /api/course-creator/courses/:id/marketing: null until it is first generated. */
export const ZCourseMarketingResponse = z.object({ courseId: z.string(), marketing: ZCourseMarketing.nullable() });
export type TCourseMarketingResponse = z.infer<typeof ZCourseMarketingResponse>;

/** What a public course page shows of it (the catalogue API and the company site). */
export const ZPublicMarketing = z.object({
  landingHeadline: z.string(),
  benefits: z.array(z.string()),
  landingCopy: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  aiGenerated: z.literal(true),
  source: ZAiSource,
});
export type TPublicMarketing = z.infer<typeof ZPublicMarketing>;
