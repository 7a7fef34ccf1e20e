import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import {
  matchesResource,
  RESOURCE_TYPES,
  type ResourceLanguage,
  type ResourceType,
  type ResourceTypeFilter,
} from '../../../../shared/resources.ts';
import type { TResourceDetail, TResourceList, TResourceSummary, TResourceViewResult } from '../../../../shared/schemas/resources.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { DOWNLOAD_TYPES, type ResourceEntry, type ResourceLibrary } from './content.ts';
import * as repo from './repository.ts';

const RELATED = 3;

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

  private summary(entry: ResourceEntry, views: number): TResourceSummary {
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
      views,
      download: entry.download && {
        url: resourceDownloadPath(entry.slug, entry.lang),
        fileName: entry.download.fileName,
        format: entry.download.format,
        bytes: entry.download.bytes.length,
      },
    };
  }

  async list(lang: ResourceLanguage, q = '', type: ResourceTypeFilter = 'all'): Promise<TResourceList> {
    const views = await repo.viewCounts(this.db);
    const all = this.entries(lang);
    const counts = Object.fromEntries(RESOURCE_TYPES.map((t) => [t, all.filter((e) => e.meta.type === t).length])) as Record<
      ResourceType,
      number
    >;
    return {
      resources: all.filter((e) => matchesResource(e.meta, q, type)).map((e) => this.summary(e, views.get(e.slug) ?? 0)),
      counts,
    };
  }

  async get(slug: string, lang: ResourceLanguage): Promise<TResourceDetail> {
    const entry = this.entry(slug, lang);
    const views = await repo.viewCounts(this.db);
    const tags = new Set(entry.meta.tags.map((tag) => tag.toLocaleLowerCase(lang)));
    const score = (other: ResourceEntry) =>
      (other.meta.type === entry.meta.type ? 100 : 0) + other.meta.tags.filter((tag) => tags.has(tag.toLocaleLowerCase(lang))).length;
    // entries() is newest first and the sort is stable: equal scores stay newest first.
    const related = this.entries(lang)
      .filter((other) => other.slug !== slug)
      .sort((a, b) => score(b) - score(a))
      .slice(0, RELATED);
    return {
      ...this.summary(entry, views.get(slug) ?? 0),
      html: entry.html,
      related: related.map((other) => this.summary(other, views.get(other.slug) ?? 0)),
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

  /** A template's file in the language asked for. */
  download(slug: string, lang: ResourceLanguage): { fileName: string; contentType: string; bytes: Buffer } {
    const { download } = this.entry(slug, lang);
    if (!download) throw new AppError('RESOURCE_NO_DOWNLOAD', 404, 'resources.noDownload');
    return { fileName: download.fileName, contentType: DOWNLOAD_TYPES[download.format], bytes: download.bytes };
  }
}
