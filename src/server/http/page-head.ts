import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normalisePath, APP_ROUTE_PATTERNS } from '../../shared/routes.ts';

/** What a page's <head> says before any script runs: for crawlers and link previews. */
export interface PageHead {
  title: string;
  description: string;
}

type Json = { [key: string]: unknown };

/** The public pages and the translation namespace holding their title and description. */
const PAGE_NAMESPACES: Record<string, string> = {
  '/platform': 'page-platform',
  '/courses': 'page-courses',
  '/pricing': 'page-pricing',
  '/resources': 'page-resources',
  '/course-creator': 'page-course-creator',
  '/ai-assistant': 'page-ai-assistant',
  '/ai-assistant/setup': 'page-ai-setup',
  '/terms': 'page-terms',
  '/privacy': 'page-privacy',
  '/gdpr': 'page-gdpr',
  '/dpa': 'page-dpa',
  '/subprocessors': 'page-subprocessors',
  '/about': 'page-about',
  '/help': 'page-help',
  '/contact': 'page-contact',
};

const TRIAL_DAYS_TEXT = { days: '14' } as const;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const fill = (value: string) =>
  value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in TRIAL_DAYS_TEXT ? TRIAL_DAYS_TEXT[name as 'days'] : whole));

/**
 * Titles and descriptions of the public pages in Danish (the interface's default language), read
 * once from the built client's translation files — the same text the page shows — and a lookup
 * for the pages with a parameter (a resource of the library).
 */
export class PageHeads {
  private readonly heads = new Map<string, PageHead>();

  constructor(
    clientDir: string,
    private readonly dynamic: (pathname: string) => PageHead | undefined = () => undefined,
  ) {
    const localesRoot = path.join(clientDir, 'assets', 'locales');
    const build = existsSync(localesRoot) ? readdirSync(localesRoot)[0] : undefined;
    if (!build) return;
    const read = (namespace: string): Json =>
      JSON.parse(readFileSync(path.join(localesRoot, build, 'da', `${namespace}.json`), 'utf8')) as Json;
    const common = read('common');
    const home = read('page-home');
    const siteDescription = text((common.home as Json | undefined)?.metaDescription) ?? '';
    this.heads.set('/', { title: text(home.metaTitle) ?? 'Kursa', description: siteDescription });
    for (const [pathname, namespace] of Object.entries(PAGE_NAMESPACES)) {
      const strings = read(namespace);
      const meta = (strings.meta ?? {}) as Json;
      const title = text(meta.title) ?? text(strings.metaTitle) ?? text(strings.title);
      const description = text(meta.description) ?? text(strings.metaDescription) ?? text(strings.lead) ?? siteDescription;
      if (title) this.heads.set(pathname, { title: fill(title), description: fill(description) });
    }
  }

  /** The head of the page at `pathname`, or undefined for the app's other pages (they keep index.html's). */
  at(pathname: string): PageHead | undefined {
    const normal = normalisePath(pathname);
    return this.heads.get(normal) ?? this.dynamic(normal);
  }
}

/** A resource's page (/resources/:slug) from the library in memory. */
export function resourceHead(find: (slug: string) => { title: string; description: string } | undefined) {
  return (pathname: string): PageHead | undefined => {
    const slug = APP_ROUTE_PATTERNS.resourcePage.exec(pathname)?.[1];
    return slug ? find(slug) : undefined;
  };
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the page's title, description and Open Graph tags (title, description, type,
 * url, site name, locale), so a shared link previews the page, not the site.
 */
export function withHead(indexHtml: string, head: PageHead, url: string): string {
  const title = `${head.title} · Kursa`;
  const tags = [
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(head.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escape(url)}" />`,
    `<meta property="og:site_name" content="Kursa" />`,
    `<meta property="og:locale" content="da_DK" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      `<meta name="description" content="${escape(head.description)}" />\n    ${tags}`,
    );
}
