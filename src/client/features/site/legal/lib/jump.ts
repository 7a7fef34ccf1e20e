/**
 * Moves to a place on the page (a table of contents, a link in a text) without a navigation: the
 * full app keys its page stage by the router's location, so a plain '#id' link would remount the
 * page. The address still names the place (replaceState keeps the router's state), the place
 * scrolls into view and takes the focus, so keyboard and screen-reader users land there too.
 */
export function jumpTo(id: string, options: { focus?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  if (options.focus !== false) target.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
  return true;
}
