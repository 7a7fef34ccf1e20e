import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { micromark } from 'micromark';
import { parse as parseYaml } from 'yaml';
import { RESOURCE_LANGUAGES, RESOURCE_SLUG, type ResourceLanguage } from '../../../../shared/resources.ts';
import { ZResourceFrontMatter, type TResourceFrontMatter } from '../../../../shared/schemas/resources.ts';

/**
 * The resource library's content: Markdown files in the repository,
 * `content/resources/<slug>.<da|en>.md`, each with YAML front matter, and the templates' files in
 * `content/resources/files/`. Everything is read, checked and rendered once, when the server
 * starts: a file that breaks a rule stops the start (and the tests) with the file and the rule,
 * and no request ever parses Markdown.
 */

export const DOWNLOAD_TYPES = {
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
} as const;
export type DownloadFormat = keyof typeof DOWNLOAD_TYPES;

export interface ResourceFile {
  fileName: string;
  format: DownloadFormat;
  bytes: Buffer;
}

export interface ResourceEntry {
  slug: string;
  lang: ResourceLanguage;
  meta: TResourceFrontMatter;
  /** The article as HTML, from our own Markdown (raw HTML in it is escaped, never passed on). */
  html: string;
  download: ResourceFile | null;
}

export type ResourceLibrary = Map<string, Record<ResourceLanguage, ResourceEntry>>;

export class ResourceContentError extends Error {
  constructor(file: string, problem: string) {
    super(`content/resources/${file}: ${problem}`);
    this.name = 'ResourceContentError';
  }
}

const FILE_NAME = /^(.+)\.(da|en)\.md$/;
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

/** The front matter and the Markdown body of one file. */
export function splitFrontMatter(text: string, file: string): { data: unknown; body: string } {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ResourceContentError(file, 'no front matter (a block between --- lines at the top)');
  try {
    return { data: parseYaml(match[1]!) as unknown, body: source.slice(match[0].length) };
  } catch (error) {
    throw new ResourceContentError(file, `front matter is not valid YAML: ${(error as Error).message}`);
  }
}

/** Markdown → HTML. CommonMark only; micromark escapes any HTML in the source. */
export function renderMarkdown(body: string): string {
  return micromark(body);
}

function readEntry(dir: string, file: string, slug: string, lang: ResourceLanguage): ResourceEntry {
  const { data, body } = splitFrontMatter(readFileSync(path.join(dir, file), 'utf8'), file);
  const parsed = ZResourceFrontMatter.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(front matter)'}: ${issue.message}`);
    throw new ResourceContentError(file, problems.join('; '));
  }
  // The page's title is its one h1; the article starts at h2.
  if (/^#\s/m.test(body))
    throw new ResourceContentError(file, 'the article may not have a level-1 heading (# …): the title is the page heading');
  if (body.trim().length < 400) throw new ResourceContentError(file, 'the article is too short to be a resource (under 400 characters)');
  const meta = parsed.data;
  let download: ResourceFile | null = null;
  if (meta.download) {
    const format = path.extname(meta.download).slice(1) as DownloadFormat;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(dir, 'files', meta.download));
    } catch {
      throw new ResourceContentError(file, `its download files/${meta.download} does not exist`);
    }
    if (!bytes.length) throw new ResourceContentError(file, `its download files/${meta.download} is empty`);
    download = { fileName: meta.download, format, bytes };
  }
  return { slug, lang, meta, html: renderMarkdown(body), download };
}

/** Reads and checks every resource in `dir`; throws ResourceContentError on the first problem. */
export function loadResourceLibrary(dir: string): ResourceLibrary {
  const found = new Map<string, Partial<Record<ResourceLanguage, ResourceEntry>>>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.md')) continue;
    const match = FILE_NAME.exec(file);
    if (!match) throw new ResourceContentError(file, 'a resource file is named <slug>.da.md or <slug>.en.md');
    const [, slug, lang] = match as unknown as [string, string, ResourceLanguage];
    if (!RESOURCE_SLUG.test(slug) || slug.length > 100)
      throw new ResourceContentError(file, 'the slug must be lowercase letters, digits and single hyphens');
    const languages = found.get(slug) ?? {};
    languages[lang] = readEntry(dir, file, slug, lang);
    found.set(slug, languages);
  }
  const library: ResourceLibrary = new Map();
  for (const [slug, languages] of found) {
    const [da, en] = RESOURCE_LANGUAGES.map((lang) => languages[lang]);
    if (!da || !en)
      throw new ResourceContentError(`${slug}.${da ? 'en' : 'da'}.md`, 'every resource exists in Danish and English; this one is missing');
    // One resource in two languages: the same kind of thing, featured or not, with or without a file.
    for (const key of ['type', 'featured', 'scenario', 'published'] as const) {
      if (da.meta[key] !== en.meta[key]) throw new ResourceContentError(`${slug}.en.md`, `'${key}' differs from the Danish file's`);
    }
    library.set(slug, { da, en });
  }
  if (!library.size) throw new ResourceContentError('', 'the library is empty');
  return library;
}
