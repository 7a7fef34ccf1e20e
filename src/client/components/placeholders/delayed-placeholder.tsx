import { useEffect, useState, type ComponentType } from 'react';
import { PAGE_TRANSITION } from '@shared/constants.ts';
import type { PageKind } from './page-kinds';

type Placeholder = ComponentType<{ kind: PageKind }>;
let loaded: Placeholder | null = null;

/**
 * Stands in for a page that is really loading (its code, or the session it depends on). For
 * the placeholder delay (300 ms) the space stays empty, so a load that finishes quickly never
 * flashes a skeleton; after it the placeholder of the page's kind shows until the page is ready.
 * The placeholders' own code is fetched only then: most visits never need it (ADR 008).
 */
export function DelayedPlaceholder({ kind }: { kind: PageKind }) {
  const [placeholder, setPlaceholder] = useState<{ Component: Placeholder } | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      if (loaded) return setPlaceholder({ Component: loaded });
      void import('./page-placeholders').then(
        (module) => {
          loaded = module.PagePlaceholder;
          if (live) setPlaceholder({ Component: loaded });
        },
        () => undefined,
      );
    }, PAGE_TRANSITION.placeholderDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  if (placeholder) return <placeholder.Component kind={kind} />;
  // Holds the footer down meanwhile, so it does not jump up and back.
  return <div aria-busy="true" className="min-h-[70vh]" data-testid="page-pending" />;
}
