import { normalisePath } from '@shared/routes.ts';

/** The five placeholder layouts of SPEC §2, one per kind of page. */
export type PageKind = 'landing' | 'grid' | 'pricing' | 'content' | 'list';

const kinds: Record<string, PageKind> = {
  '/': 'landing',
  '/courses': 'grid',
  '/pricing': 'pricing',
  '/resources': 'list',
};

export function pageKindOf(pathname: string): PageKind {
  return kinds[normalisePath(pathname)] ?? 'content';
}
