import { type Role } from '@shared/constants.ts';
import { VOICE } from '@shared/voice.ts';
import { NEW_COURSE_PATH } from '@/features/authoring/course-creator/lib/paths';
import { setTheme, type Theme } from '@/lib/theme';
import type { VoiceCommand } from './commands';

/** What the commands need from the shell around them (navigation without page loads). */
export interface CommandContext {
  navigate: (to: string) => void;
  pathname: string;
  role: Role | null;
}

/** The reply to show and speak, as a key of the `voice` namespace's `reply` group. */
export type ReplyKey = Exclude<VoiceCommand, 'toggleTheme'> | 'themeDark' | 'themeLight' | 'statsMissing';

/** How long "show stats" from another page waits for the front page's statistics to appear. */
const FIND_STATS_MS = 5000;

/** Where the navigation commands lead. Demo and sales open the contact form on their topic. */
const DESTINATIONS: Partial<Record<VoiceCommand, string>> = {
  openCourses: '/courses',
  goToPricing: '/pricing',
  startFreeTrial: '/register',
  scheduleDemo: '/contact?topic=demo',
  contactSales: '/contact?topic=sales',
  getHelp: '/help',
};

/** Smooth scrolling, unless the visitor asked the system for less motion. */
function behaviour(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function applyTheme(theme: Theme): ReplyKey {
  setTheme(theme);
  return theme === 'dark' ? 'themeDark' : 'themeLight';
}

/** The element with `id`, now or as soon as it appears (the front page renders after navigating), within `ms`. */
function whenPresent(id: string, ms: number): Promise<HTMLElement | null> {
  const found = document.getElementById(id);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = document.getElementById(id);
      if (!element) return;
      done(element);
    });
    const timer = setTimeout(() => done(null), ms);
    function done(element: HTMLElement | null) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    }
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * The front page's statistics (`#stats-section`), scrolled into view; from another page it goes
 * to the front page first. Resolves to whether they were found.
 */
async function showStats(context: CommandContext): Promise<boolean> {
  if (context.pathname !== '/') context.navigate('/');
  const section = await whenPresent('stats-section', FIND_STATS_MS);
  if (!section) return false;
  // After the page has laid out (a navigation scrolls the new page to its top first).
  await new Promise((resolve) => requestAnimationFrame(resolve));
  section.scrollIntoView({ behavior: behaviour(), block: 'start' });
  return true;
}

/**
 * Does what a command asks, for real, and gives the reply's key. "Show stats" finishes when the
 * statistics are on screen; the others at once. "Stop listening" is the store's own business.
 */
export async function perform(command: Exclude<VoiceCommand, 'stopListening'>, context: CommandContext): Promise<ReplyKey> {
  const destination = DESTINATIONS[command];
  if (destination) {
    context.navigate(destination);
    return command as ReplyKey;
  }
  switch (command) {
    case 'toggleTheme':
      return applyTheme(currentTheme() === 'dark' ? 'light' : 'dark');
    case 'darkMode':
      return applyTheme('dark');
    case 'lightMode':
      return applyTheme('light');
    case 'createCourse':
      // Instructors and admins get the builder's new-course dialog; anyone else the AI Course Creator.
      context.navigate(context.role === 'instructor' || context.role === 'admin' ? NEW_COURSE_PATH : '/course-creator');
      return 'createCourse';
    case 'showStats':
      return (await showStats(context)) ? 'showStats' : 'statsMissing';
    case 'scrollUp':
      window.scrollBy({ top: -VOICE.scrollStepPx, behavior: behaviour() });
      return 'scrollUp';
    case 'scrollDown':
      window.scrollBy({ top: VOICE.scrollStepPx, behavior: behaviour() });
      return 'scrollDown';
    case 'goToTop':
      window.scrollTo({ top: 0, behavior: behaviour() });
      return 'goToTop';
    default:
      return command;
  }
}
