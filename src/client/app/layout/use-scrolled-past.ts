import { useEffect, useState } from 'react';

/** True once the page is scrolled further down than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  // Read at once: a header that remounts (the full app taking over a light page) keeps its look.
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
