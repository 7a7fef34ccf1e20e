import { z } from 'zod';
import { MAX_RESOURCE_QUERY, RESOURCE_LANGUAGES, RESOURCE_SLUG, RESOURCE_TYPE_FILTERS, RESOURCE_TYPES } from '../resources.ts';
import { safeString } from './common.ts';

/** The resource library's files (front matter) and its API. */

/** A template's file, in content/resources/files/. */
export const RESOURCE_FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(csv|md|txt)$/;

/**
 * The front matter of content/resources/<slug>.<lang>.md. Checked when the server starts (and by
 * the tests), so a broken file stops a build's tests, never a page at runtime.
 */
export const ZResourceFrontMatter = z
  .object({
    title: z.string().trim().min(3).max(120),
    description: z.string().trim().min(20).max(300),
    type: z.enum(RESOURCE_TYPES),
    tags: z.array(z.string().trim().min(2).max(40)).min(1).max(8),
    author: z.string().trim().min(2).max(80),
    /** Reading time (guides, templates, cases) or running time (videos, podcasts), in minutes. */
    minutes: z.number().int().min(1).max(300),
    featured: z.boolean().default(false),
    /** YYYY-MM-DD. */
    published: z.iso.date(),
    /** Templates: the file to download. */
    download: z.string().regex(RESOURCE_FILE_NAME).optional(),
    /** Case studies are example scenarios, never presented as real customers: the file must say so. */
    scenario: z.boolean().default(false),
  })
  .strict()
  .refine((f) => (f.type === 'templates') === (f.download !== undefined), {
    error: 'A template has a download, and only a template',
    path: ['download'],
  })
  .refine((f) => f.type !== 'case-studies' || f.scenario, { error: 'A case study must be marked scenario: true', path: ['scenario'] });
export type TResourceFrontMatter = z.infer<typeof ZResourceFrontMatter>;

export const ZResourceLanguage = z.enum(RESOURCE_LANGUAGES);

export const ZResourceListQuery = z
  .object({
    lang: ZResourceLanguage.default('da'),
    q: safeString().trim().max(MAX_RESOURCE_QUERY).optional(),
    type: z.enum(RESOURCE_TYPE_FILTERS).optional(),
  })
  .strict();

export const ZResourceLangQuery = z.object({ lang: ZResourceLanguage.default('da') }).strict();
export const ZResourceSlugParams = z.object({ slug: safeString().min(1).max(100).regex(RESOURCE_SLUG) });

export const ZResourceDownload = z.object({
  /** GET this for the file (attachment). */
  url: z.string(),
  fileName: z.string(),
  /** text/csv, text/markdown or text/plain. */
  format: z.enum(['csv', 'md', 'txt']),
  bytes: z.number().int(),
});

/** Visitors' ratings, 1–5, one per visitor: their average with one decimal (null without any) and number. */
export const ZResourceRating = z.object({ average: z.number().nullable(), count: z.number().int() });

export const ZResourceSummary = z.object({
  slug: z.string(),
  lang: ZResourceLanguage,
  title: z.string(),
  description: z.string(),
  type: z.enum(RESOURCE_TYPES),
  tags: z.array(z.string()),
  author: z.string(),
  minutes: z.number().int(),
  featured: z.boolean(),
  published: z.string(),
  scenario: z.boolean(),
  /** Visitors counted (once per visitor per day). */
  views: z.number().int(),
  rating: ZResourceRating,
  download: ZResourceDownload.nullable(),
});
export type TResourceSummary = z.infer<typeof ZResourceSummary>;

export const ZResourceList = z.object({
  /** Newest first; only those matching q and type when given. */
  resources: z.array(ZResourceSummary),
  /** How many resources of each type the library holds in this language (whatever the filters). */
  counts: z.record(z.enum(RESOURCE_TYPES), z.number().int()),
});
export type TResourceList = z.infer<typeof ZResourceList>;

export const ZResourceDetail = ZResourceSummary.extend({
  /** The article, rendered on the server from the repository's own Markdown. */
  html: z.string(),
  /** Up to three others: same type first, then shared tags, then newest. */
  related: z.array(ZResourceSummary),
  /** This visitor's own rating (known by their address), or null before they rate. */
  myRating: z.number().int().nullable(),
});
export type TResourceDetail = z.infer<typeof ZResourceDetail>;

export const ZResourceViewResult = z.object({
  /** Whether this visit was counted (false: this visitor was already counted today). */
  counted: z.boolean(),
  views: z.number().int(),
});
export type TResourceViewResult = z.infer<typeof ZResourceViewResult>;

export const ZResourceRatingBody = z.object({ rating: z.number().int().min(1).max(5) }).strict();

export const ZResourceRatingResult = z.object({ rating: ZResourceRating, myRating: z.number().int() });
export type TResourceRatingResult = z.infer<typeof ZResourceRatingResult>;
