import { z } from 'zod';

/**
 * A new company's getting-started checklist (GET /api/onboarding), every step read from the data:
 * the company confirmed, a first course, a subdomain for its site, the site branded (a logo or a
 * colour), a colleague invited, a course
 * published. An instructor's list is their own two: a first course and publishing it.
 */
export const ONBOARDING_STEPS = ['confirmCompany', 'firstCourse', 'subdomain', 'brand', 'inviteColleague', 'publish'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** 'unavailable': the step cannot be taken here (a company with no address in the registry to prove control through). */
export const ZOnboarding = z.object({
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEPS), state: z.enum(['done', 'todo', 'unavailable']) })),
  /** Every step done or unavailable: the checklist has nothing left to ask. */
  complete: z.boolean(),
  /** The person put it away before finishing it. */
  dismissed: z.boolean(),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;
