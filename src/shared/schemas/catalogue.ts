import { z } from 'zod';
import { ZPublicMarketing } from './course-marketing.ts';
import { safeString } from './common.ts';
import { COURSE_CATEGORIES, COURSE_LANGUAGES, COURSE_LEVELS, CURRENCIES, PRICINGS, ZPerson } from './courses.ts';
import { LESSON_KINDS } from './lesson-content.ts';
import { normaliseSubdomainInput, SUBDOMAIN_PATTERN } from '../validation/subdomain.ts';

/** The public catalogue (/courses), a course's public page, and company sites. */

export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_SORTS = ['relevance', 'newest', 'title', 'price-low', 'price-high'] as const;

export const ZCatalogueQuery = z
  .object({
    q: safeString().trim().max(200).optional(),
    category: z.enum(['all', ...COURSE_CATEGORIES]).optional(),
    level: z.enum(['all', ...COURSE_LEVELS]).optional(),
    sort: z.enum(CATALOGUE_SORTS).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .strict();
export type TCatalogueQuery = z.infer<typeof ZCatalogueQuery>;

/** Below this many learners the catalogue says "under 10" rather than the number. */
export const LEARNERS_SHOWN_FROM = 10;

/** A published course as anyone may see it. */
export const ZCatalogueCourse = z.object({
  /** What POST /api/courses/:id/enrol takes. */
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  category: z.enum(COURSE_CATEGORIES),
  level: z.enum(COURSE_LEVELS),
  language: z.enum(COURSE_LANGUAGES),
  tags: z.array(z.string()),
  thumbnailUrl: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  pricing: z.enum(PRICINGS),
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  instructor: z.string(),
  company: z.object({ name: z.string(), subdomain: z.string().nullable() }),
  lessonCount: z.number().int(),
  /** The average of its reviews' ratings with one decimal, or null without reviews. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /**
   * How many learners a public course has: a number from LEARNERS_SHOWN_FROM up, 'under-10' below,
   * so a small course does not tell who took it; null for a course that is not public (unlisted).
   */
  learners: z.union([z.number().int().min(LEARNERS_SHOWN_FROM), z.literal('under-10')]).nullable(),
  publishedAt: z.string(),
  /** The course's page on its company's site, or null when the company has no subdomain yet. */
  siteUrl: z.string().nullable(),
});
export type TCatalogueCourse = z.infer<typeof ZCatalogueCourse>;

/** The counters above the catalogue, computed from what is stored (no "500+"). */
export const ZCatalogueCounts = z.object({
  courses: z.number().int(),
  companies: z.number().int(),
  instructors: z.number().int(),
  byCategory: z.record(z.string(), z.number().int()),
});

export const ZCataloguePage = z.object({
  courses: z.array(ZCatalogueCourse),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches for the query and filters, over every page. */
  total: z.number().int(),
  counts: ZCatalogueCounts,
});
export type TCataloguePage = z.infer<typeof ZCataloguePage>;

/** A course's public page: the outline without lesson contents. */
export const ZCatalogueCourseDetail = ZCatalogueCourse.extend({
  learningObjectives: z.array(z.string()),
  targetAudience: z.string(),
  instructorProfile: ZPerson.extend({ bio: z.string().nullable(), expertise: z.string().nullable() }),
  modules: z.array(
    z.object({
      title: z.string(),
      lessons: z.array(
        z.object({
          title: z.string(),
          kind: z.enum(LESSON_KINDS),
          durationMinutes: z.number().int().nullable(),
          /** The lesson's id when it is a free preview anyone may open (GET /api/catalogue/:slug/previews/:id), else null. */
          previewId: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** The course's AI-generated landing and SEO copy, or null when none was generated. */
  marketing: ZPublicMarketing.nullable(),
});
export type TCatalogueCourseDetail = z.infer<typeof ZCatalogueCourseDetail>;

/** A free preview lesson of a published course, as anyone may open it from the course's page. */
export const ZCoursePreview = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['text', 'video', 'download']),
  durationMinutes: z.number().int().nullable(),
  content: z.unknown().describe('JSON shaped by `kind`: see src/shared/schemas/lesson-content.ts'),
  course: z.object({ slug: z.string(), title: z.string() }),
  /** The course's free previews in outline order, this one among them. */
  previews: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type TCoursePreview = z.infer<typeof ZCoursePreview>;

/** PUT /api/organisation/subdomain */
export const ZSubdomainRequest = z
  .object({
    subdomain: safeString('site.subdomainRule')
      .overwrite(normaliseSubdomainInput)
      .regex(SUBDOMAIN_PATTERN, { error: 'site.subdomainRule' }),
  })
  .strict();
export const ZSubdomainResponse = z.object({ subdomain: z.string(), siteUrl: z.string() });

/**
 * GET /api/organisation/site: the company's site as its members see it. `siteHost` is where
 * sites live (`localhost:5000`, `kursa.dk`), for a preview of `{subdomain}.{siteHost}` while typing.
 */
export const ZSiteResponse = z.object({
  subdomain: z.string().nullable(),
  siteUrl: z.string().nullable(),
  siteHost: z.string(),
});
export type TSiteResponse = z.infer<typeof ZSiteResponse>;
