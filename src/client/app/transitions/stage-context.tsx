import { createContext, useContext } from 'react';

/**
 * The key of the location in the address bar, and of the location a piece of content belongs to.
 * Content that is animating out after a navigation sees that they differ, so it can avoid acting
 * on state that changed under it (a guard must not redirect while its page is leaving).
 */
export const LiveLocationKeyContext = createContext<string>('default');
export const ContentLocationKeyContext = createContext<string>('default');

export function useIsCurrentRoute(): boolean {
  return useContext(LiveLocationKeyContext) === useContext(ContentLocationKeyContext);
}
