import type { TQuizContent } from './schemas/lesson-content.ts';
import { isSitePath } from './site-path.ts';

/**
 * What showing a lesson needs besides its shape: callout variants, where images and links may
 * point, and the player address of an embedded video. No zod here: the learner's lesson views
 * (the player, a public free preview) import this without the schemas.
 */

export const CALLOUT_VARIANTS = ['info', 'tip', 'warning'] as const;

/** Where an image in a lesson may come from: this server's own uploads, nothing else. */
export const UPLOAD_URL_PATTERN = /^\/api\/uploads\/[A-Za-z0-9_-]{1,64}$/;

/** Links a lesson may carry: the web and mail, never javascript: or data:. */
export function isSafeHref(value: string): boolean {
  if (value.startsWith('/')) return isSitePath(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

/**
 * The player URL for a YouTube or Vimeo page, or null for anything else. YouTube plays from
 * youtube-nocookie.com; the CSP allows exactly these two frame sources.
 */
export function embedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  const id = /^[\w-]{6,20}$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const v = parsed.pathname === '/watch' ? parsed.searchParams.get('v') : /^\/(?:embed|shorts|live)\/([\w-]+)/.exec(parsed.pathname)?.[1];
    return v && id.test(v) ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'youtu.be') {
    const v = parsed.pathname.slice(1);
    return id.test(v) ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const v = /^\/(?:video\/)?(\d{3,12})(?:\/([\da-f]+))?/.exec(parsed.pathname);
    if (!v) return null;
    return `https://player.vimeo.com/video/${v[1]}${v[2] ? `?h=${v[2]}` : ''}`;
  }
  return null;
}

/** The quiz as a learner sees it: no correct flags, feedback, answers or explanations (a graded attempt reveals them by `revealAnswers`). */
export function quizForLearner(quiz: Pick<TQuizContent, 'passMark' | 'maxAttempts' | 'questions'>) {
  return {
    passMark: quiz.passMark,
    maxAttempts: quiz.maxAttempts,
    questions: quiz.questions.map((q) => ({
      id: q.id,
      type: q.type,
      prompt: q.prompt,
      hint: q.hint,
      options: q.options.map((o) => ({ id: o.id, text: o.text })),
    })),
  };
}
