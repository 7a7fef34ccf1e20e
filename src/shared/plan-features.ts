import type { Plan } from './constants.ts';

// Apart from plans.ts, whose prices and limits the front page's plan cards carry: only the pricing
// page's comparison and the server need these.

/**
 * What a plan includes beyond its limits. Basic analytics (every plan): the overview's figures, the
 * activity, each course's learners, completion and rating, the learners' progress. Advanced
 * analytics (Professional and up, and the trial): the Analyser page, with enrolments and completions
 * over 30 or 90 days, page views and the results course by course.
 */
export interface PlanFeatures {
  advancedAnalytics: boolean;
  /** The company site, its certificates and mails without Kursa's mark (the company's brand alone). */
  whiteLabel: boolean;
  /** The company site at the company's own domain. */
  customDomain: boolean;
}
const EVERYTHING: PlanFeatures = { advancedAnalytics: true, whiteLabel: true, customDomain: true };
export const PLAN_FEATURES: Record<Plan, PlanFeatures> = {
  trial: EVERYTHING,
  starter: { advancedAnalytics: false, whiteLabel: false, customDomain: false },
  professional: EVERYTHING,
  enterprise: EVERYTHING,
};
