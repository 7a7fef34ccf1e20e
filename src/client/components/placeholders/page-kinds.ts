import { normalisePath } from '@shared/routes.ts';

/**
 * The product's five placeholder layouts, one per kind of page, and 'form' for /login and
 * /register, so their placeholder looks like the form that comes.
 */
export type PageKind = 'landing' | 'grid' | 'pricing' | 'content' | 'list' | 'form';

const kinds: Record<string, PageKind> = {
  '/': 'landing',
  '/courses': 'grid',
  '/pricing': 'pricing',
  '/resources': 'list',
  '/login': 'form',
  '/register': 'form',
};

export function pageKindOf(pathname: string): PageKind {
  return kinds[normalisePath(pathname)] ?? 'content';
}
