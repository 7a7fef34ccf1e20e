import type { FastifyInstance } from 'fastify';
import type { PlansService } from './service.ts';
import { planRequired } from './service.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The writes a user of a read-only company may still make (docs/decisions/026): their own session,
 * password and profile (PATCH /api/users/:id: UsersService refuses another member's profile and
 * the company's name and address); proving control of the company; anything about paying (/api/billing, a
 * course's checkout); the public forms anyone may send, logged in or not (contact, newsletter,
 * password reset, a resource's view);
 * a learner's own learning (enrolment, progress, quiz attempts, their review — certificates follow
 * from completion); stopping a running job; deleting one's own chat; a copy of one's own (or, for an
 * admin, the company's) data, a right that does not depend on paying. Everything else that changes
 * data is refused with 402 PLAN_REQUIRED and changes nothing.
 */
const ALLOWED = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/register/confirm',
  'POST /api/change-password',
  'PATCH /api/users/:id',
  'POST /api/company/verification/send-code',
  'POST /api/company/verification/confirm',
  'POST /api/courses/:id/enrol',
  'POST /api/learning/:courseId/lessons/:lessonId/complete',
  'PUT /api/learning/:courseId/lessons/:lessonId/position',
  'POST /api/learning/:courseId/lessons/:lessonId/attempts',
  'PUT /api/courses/:id/review',
  'POST /api/jobs/:id/cancel',
  'DELETE /api/conversations/:id',
  'POST /api/courses/:id/checkout',
  'POST /api/contact',
  'POST /api/newsletter/subscribe',
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe/:token',
  'POST /api/password-reset',
  'POST /api/password-reset/confirm',
  'POST /api/resources/:slug/view',
  'POST /api/stripe/webhook',
  'POST /api/me/export',
  'POST /api/organisation/export',
]);
const ALLOWED_PREFIXES = ['/api/billing/'];

export function writeAllowedWhenReadOnly(method: string, routeUrl: string): boolean {
  return (
    ALLOWED.has(`${method} ${routeUrl}`) || ALLOWED_PREFIXES.some((prefix) => routeUrl.startsWith(prefix) || `${routeUrl}/` === prefix)
  );
}

/**
 * Read-only after the trial or plan (ADR 026), in one place rather than in every service: a
 * state-changing request from a user whose company is read-only is answered 402 PLAN_REQUIRED
 * before its body is read, unless the allow-list lets it through. Nothing is ever deleted; reads
 * are never refused. Accepting an invitation has no session user; the team service asks itself.
 */
export function registerReadOnlyGuard(app: FastifyInstance, plans: PlansService): void {
  // A callback hook: reads (most requests) pass without a promise; only a write waits for the plan.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || !request.auth) return done();
    const route = request.routeOptions.url;
    // No route: the 404 says so; an allowed write goes on.
    if (route === undefined || !route.startsWith('/api/') || writeAllowedWhenReadOnly(request.method, route)) return done();
    plans.state(request.auth.user.organisationId).then((state) => done(state.readOnly ? planRequired(state) : undefined), done);
  });
}
