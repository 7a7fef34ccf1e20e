import { createHash, createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import {
  matchesResource,
  RESOURCE_TYPES,
  type ResourceLanguage,
  type ResourceType,
  type ResourceTypeFilter,
} from '../../../../shared/resources.ts';
import type {
  TResourceDetail,
  TResourceList,
  TResourceRatingResult,
  TResourceSummary,
  TResourceViewResult,
} from '../../../../shared/schemas/resources.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { DOWNLOAD_TYPES, type ResourceEntry, type ResourceLibrary } from './content.ts';
import * as repo from './repository.ts';

const RELATED = 3;

type Totals = Map<string, { sum: number; count: number }>;

const ratingOf = (totals: Totals, slug: string) => {
  const t = totals.get(slug);
  return t ? { average: Math.round((t.sum / t.count) * 10) / 10, count: t.count } : { average: null, count: 0 };
};

export const resourceDownloadPath = (slug: string, lang: ResourceLanguage) => `/api/resources/${slug}/download?lang=${lang}`;

/** Who is viewing, as far as counting goes: never stored, only hashed with the day's salt. */
export interface Visitor {
  /** The client's address; an IPv6 address counts by its /64, which one household or office holds. */
  ip: string;
}

/**
 * The resource library: the content loaded at start (content.ts) with the view
 * counts from the database. Public: nothing here depends on who asks.
 */
export class ResourcesService {
  constructor(
    private readonly db: Db,
    private readonly library: ResourceLibrary,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private entries(lang: ResourceLanguage): ResourceEntry[] {
    return [...this.library.values()]
      .map((languages) => languages[lang])
      .sort((a, b) => b.meta.published.localeCompare(a.meta.published) || a.meta.title.localeCompare(b.meta.title, lang));
  }

  private entry(slug: string, lang: ResourceLanguage): ResourceEntry {
    const entry = this.library.get(slug)?.[lang];
    if (!entry) throw new AppError('RESOURCE_NOT_FOUND', 404, 'resources.notFound');
    return entry;
  }

  private summary(entry: ResourceEntry, views: Map<string, number>, ratings: Totals): TResourceSummary {
    const { meta } = entry;
    return {
      slug: entry.slug,
      lang: entry.lang,
      title: meta.title,
      description: meta.description,
      type: meta.type,
      tags: meta.tags,
      author: meta.author,
      minutes: meta.minutes,
      featured: meta.featured,
      published: meta.published,
      scenario: meta.scenario,
      views: views.get(entry.slug) ?? 0,
      rating: ratingOf(ratings, entry.slug),
      download: entry.download && {
        url: resourceDownloadPath(entry.slug, entry.lang),
        fileName: entry.download.fileName,
        format: entry.download.format,
        bytes: entry.download.bytes.length,
      },
    };
  }

  async list(lang: ResourceLanguage, q = '', type: ResourceTypeFilter = 'all'): Promise<TResourceList> {
    const [views, ratings] = await Promise.all([repo.viewCounts(this.db), repo.ratingTotals(this.db)]);
    const all = this.entries(lang);
    const counts = Object.fromEntries(RESOURCE_TYPES.map((t) => [t, all.filter((e) => e.meta.type === t).length])) as Record<
      ResourceType,
      number
    >;
    return {
      resources: all.filter((e) => matchesResource(e.meta, q, type)).map((e) => this.summary(e, views, ratings)),
      counts,
    };
  }

  async get(slug: string, lang: ResourceLanguage, visitor: Visitor): Promise<TResourceDetail> {
    const entry = this.entry(slug, lang);
    const [views, ratings, mine] = await Promise.all([
      repo.viewCounts(this.db),
      repo.ratingTotals(this.db),
      this.ratingVisitor(slug, visitor).then((hash) => repo.visitorRating(this.db, slug, hash)),
    ]);
    const tags = new Set(entry.meta.tags.map((tag) => tag.toLocaleLowerCase(lang)));
    const score = (other: ResourceEntry) =>
      (other.meta.type === entry.meta.type ? 100 : 0) + other.meta.tags.filter((tag) => tags.has(tag.toLocaleLowerCase(lang))).length;
    // entries() is newest first and the sort is stable: equal scores stay newest first.
    const related = this.entries(lang)
      .filter((other) => other.slug !== slug)
      .sort((a, b) => score(b) - score(a))
      .slice(0, RELATED);
    return {
      ...this.summary(entry, views, ratings),
      html: entry.html,
      related: related.map((other) => this.summary(other, views, ratings)),
      myRating: mine,
    };
  }

  /**
   * Counts a view once per visitor, resource and (UTC) day; a repeat the same day is not counted.
   * A visitor is an address, not a browser: the User-Agent is the client's to choose, so one
   * address renaming its browser would count again with each name.
   */
  async view(slug: string, visitor: Visitor): Promise<TResourceViewResult> {
    this.entry(slug, 'da');
    const day = this.now().toISOString().slice(0, 10);
    const salt = await repo.daySalt(this.db, day);
    const hash = createHash('sha256')
      .update(`${salt}\n${slug}\n${normalizeIP(visitor.ip, 64)}`)
      .digest('base64url');
    const counted = await repo.addView(this.db, slug, day, hash);
    return { counted, views: await repo.viewCount(this.db, slug) };
  }

  /**
   * A visitor's rating, 1–5: one per visitor and resource, a repeat changes it. A visitor is an
   * address, as for views, but known across days: a keyed hash under the installation's key.
   */
  async rate(slug: string, rating: number, visitor: Visitor): Promise<TResourceRatingResult> {
    this.entry(slug, 'da');
    await repo.rate(this.db, slug, await this.ratingVisitor(slug, visitor), rating, this.now().toISOString());
    return { rating: ratingOf(await repo.ratingTotals(this.db), slug), myRating: rating };
  }

  /** The installation's key never changes once made: read once, then kept. */
  private key: Promise<string> | undefined;

  private async ratingVisitor(slug: string, visitor: Visitor): Promise<string> {
    this.key ??= repo.ratingKey(this.db).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return createHmac('sha256', await this.key)
      .update(`${slug}\n${normalizeIP(visitor.ip, 64)}`)
      .digest('base64url');
  }

  /** A template's file in the language asked for. */
  download(slug: string, lang: ResourceLanguage): { fileName: string; contentType: string; bytes: Buffer } {
    const { download } = this.entry(slug, lang);
    if (!download) throw new AppError('RESOURCE_NO_DOWNLOAD', 404, 'resources.noDownload');
    return { fileName: download.fileName, contentType: DOWNLOAD_TYPES[download.format], bytes: download.bytes };
  }
}
