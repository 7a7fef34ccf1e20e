import { isUniqueViolation } from '../../../db/errors.ts';
import type { Executor } from './repository.ts';
import * as repo from './repository.ts';

const MAX_SLUG = 80;

/** A URL slug from a title: Danish letters spelled out (æ→ae, ø→oe, å→aa), lower-case, hyphens. */
export function slugify(title: string): string {
  const spelled = title
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'oe')
    .replaceAll('å', 'aa')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = spelled
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug || 'kursus';
}

/** Whether `slug` is `base` or `base-N`: the title still gives the slug it has. */
export function slugFits(slug: string, base: string): boolean {
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
}

/** The first of base, base-2, base-3 … that no course uses now. */
async function freeSlug(db: Executor, base: string): Promise<string> {
  const taken = new Set(await repo.slugsStartingWith(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Runs `write` with a free slug for `title`. The slug column is unique across companies, so two
 * writers that picked the same free slug at once cannot both win: the loser sees the unique
 * violation and tries again with the next free one.
 */
export async function withFreeSlug<T>(db: Executor, title: string, write: (slug: string) => Promise<T>): Promise<T> {
  const base = slugify(title);
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, base);
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
}
