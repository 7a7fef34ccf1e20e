/**
 * Limits and choices the client shows or checks on pages that do not validate with the schemas: kept
 * apart from the zod schemas (which use them) so that importing one does not bring zod and every
 * schema into the player's or the dashboard's JavaScript.
 */

/** The longest review comment, in characters. */
export const REVIEW_COMMENT_MAX = 2000;
/** The longest answer to a review, in characters. */
export const REVIEW_REPLY_MAX = 1000;

/** The most played ranges one report may carry: a player's `played` has a handful, one per seek. */
export const MAX_WATCHED_RANGES = 200;

/** The periods, in days, the dashboard's analytics cover. */
export const ANALYTICS_DAYS = [30, 90] as const;

/** A learner's question to a course's instructor: its shortest and longest text, in characters. */
export const QUESTION_BODY_MIN = 3;
export const QUESTION_BODY_MAX = 2000;
/** The longest answer to a learner's question, in characters. */
export const QUESTION_ANSWER_MAX = 4000;

/**
 * How often an open list of questions (the dashboard's "Besvar spørgsmål", a lesson's questions)
 * asks for new ones and new follow-ups while it is on screen, so a reply needs no reload.
 */
export const QUESTIONS_REFRESH_MS = 30_000;
