/**
 * The commerce domain's public entry: other domains and the composition root (app.ts, demo/) import
 * from here, never from the modules inside (scripts/check-architecture.ts keeps it so).
 *
 * What a company pays for: plans, their limits and the read-only state after a trial, and course
 * sales through Stripe with their seats and invoices.
 */
export { courseRevenue, type Executor, giveSeatBack, takeSeat } from './billing/repository.ts';
export { billingRoutes, stripeWebhookRoutes } from './billing/routes.ts';
export { setUpBilling } from './billing/setup.ts';
export { assertCourseSlot, assertRoleSeat } from './plans/limits.ts';
export { registerReadOnlyGuard } from './plans/read-only.ts';
export { countRoleSeats } from './plans/repository.ts';
export { plansRoutes } from './plans/routes.ts';
export { assertOrganisationWritable, planRequired, PlansService } from './plans/service.ts';
export { planState } from './plans/state.ts';
