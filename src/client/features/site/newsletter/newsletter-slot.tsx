import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const NewsletterBox = lazy(() => import('./newsletter-box').then((m) => ({ default: m.NewsletterBox })));

/**
 * The newsletter box at the foot of /resources, downloaded when it comes near the screen: the
 * page's first load stays within its JavaScript budget, and a visitor who scrolls there finds it
 * ready (the 400 px margin starts the download before it is in view).
 */
export function NewsletterSlot({ className }: { className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '400px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={ref} className={className} style={{ minHeight: '12rem' }}>
      {near && (
        <Suspense fallback={null}>
          <NewsletterBox />
        </Suspense>
      )}
    </div>
  );
}
