import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AnimatePresence, LazyMotion, useReducedMotion, type Variants } from 'motion/react';
import * as m from 'motion/react-m';
import type { Location } from 'react-router';
import { PAGE_TRANSITION } from '@shared/constants.ts';
import { pageKindOf } from './page-kinds';
import { PagePlaceholder } from './page-placeholders';
import { StageItemContext, type RenderStageItem } from '@/components/ui/stage-item';
import { ContentLocationKeyContext } from './stage-context';
import { useRouteLoading } from './use-route-loading';

const loadFeatures = () => import('./motion-features').then((module) => module.default);
const { enterS, exitS, staggerS, slidePx, placeholderDelayMs } = PAGE_TRANSITION;
const ease = [0.22, 1, 0.36, 1] as const;

/** With reduced motion every change is instant; only the placeholder's delay remains. */
function pageVariants(reduce: boolean): { page: Variants; item: Variants } {
  const slide = reduce ? 0 : slidePx;
  const blur = reduce ? 'blur(0px)' : 'blur(8px)';
  const enter = reduce ? 0 : enterS;
  return {
    page: {
      hidden: { opacity: reduce ? 1 : 0, y: slide, filter: blur },
      shown: {
        opacity: 1,
        y: 0,
        filter: 'blur(0px)',
        // A lingering filter would make this wrapper the containing block of fixed descendants.
        transitionEnd: { filter: 'none' },
        transition: { duration: enter, ease, staggerChildren: reduce ? 0 : staggerS },
      },
      leaving: { opacity: reduce ? 1 : 0, y: -slide, filter: blur, transition: { duration: reduce ? 0 : exitS, ease } },
    },
    item: {
      hidden: { opacity: reduce ? 1 : 0, y: slide },
      shown: { opacity: 1, y: 0, transition: { duration: enter, ease } },
    },
  };
}

/** Holds the placeholder on screen for the configured delay, then lets the content in. */
function PlaceholderTimer({ onElapsed }: { onElapsed: () => void }) {
  useEffect(() => {
    window.scrollTo(0, 0);
    const timer = setTimeout(onElapsed, placeholderDelayMs);
    return () => clearTimeout(timer);
  }, [onElapsed]);
  return null;
}

/** Once a page has entered, focus moves to <main> so keyboard and screen reader users start there. */
function FocusMain() {
  useEffect(() => document.getElementById('main')?.focus({ preventScroll: true }), []);
  return null;
}

export interface MotionStageProps {
  location: Location;
  renderRoute: (location: Location) => ReactNode;
}

/**
 * SPEC §2/§9 page transition: the old page leaves (0.3 s), the placeholder of the new page's kind
 * shows for the delay, then the page enters with fade, 30 px slide and blur (0.6 s), its blocks
 * staggered by 0.1 s.
 */
export default function MotionStage({ location, renderRoute }: MotionStageProps) {
  const reduce = useReducedMotion() ?? false;
  const { page, item } = useMemo(() => pageVariants(reduce), [reduce]);
  const renderItem = useMemo<RenderStageItem>(() => (props) => <m.div variants={item} {...props} />, [item]);
  const loading = useRouteLoading(location.key);
  const [readyKey, setReadyKey] = useState<string | null>(null);
  const onElapsed = useCallback(() => setReadyKey(location.key), [location.key]);
  const showPlaceholder = loading || readyKey !== location.key;

  return (
    <LazyMotion features={loadFeatures} strict>
      <AnimatePresence mode="wait" initial={false}>
        {showPlaceholder ? (
          <m.div
            key={`placeholder:${location.key}`}
            initial={{ opacity: 0 }}
            animate={{ opacity: 1 }}
            exit={{ opacity: 0 }}
            transition={{ duration: reduce ? 0 : 0.15 }}
          >
            <PlaceholderTimer onElapsed={onElapsed} />
            <PagePlaceholder kind={pageKindOf(location.pathname)} />
          </m.div>
        ) : (
          <m.div key={location.key} variants={page} initial="hidden" animate="shown" exit="leaving">
            <FocusMain />
            <ContentLocationKeyContext value={location.key}>
              <StageItemContext value={renderItem}>{renderRoute(location)}</StageItemContext>
            </ContentLocationKeyContext>
          </m.div>
        )}
      </AnimatePresence>
    </LazyMotion>
  );
}
