import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZCourseIdBody } from '../../../../shared/schemas/course-insights.ts';
import {
  ZLatestOptimizations,
  ZOptimizationDecision,
  ZOptimizationList,
  ZOptimizeEngagementResponse,
} from '../../../../shared/schemas/course-optimizations.ts';
import { requireAuth } from '../../../http/session.ts';
import type { OptimizationsService } from './optimizations.ts';
import { clientSignal } from './run-context.ts';
import { aiErrors, aiWho, readErrors, tags, who } from './routes.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';

const decisionErrors = { ...readErrors, 409: readErrors[400] } as const;

/** Optimize-engagement: suggested changes, stored, then applied or dismissed one by one. */
export const optimizationRoutes: FastifyPluginAsyncZod<{ optimizations: OptimizationsService }> = async (app, { optimizations }) => {
  noStoreByDefault(app);

  app.post(
    '/api/course-creator/optimize-engagement',
    {
      schema: {
        tags,
        summary: `optimize-engagement for the course named by course_id: the AI's concrete changes, each a typed operation on the course (rename-lesson, rewrite-lesson-intro, add-key-points, add-learning-objective, update-description, add-module-quiz) naming only that course's lessons and modules, with a rationale; stored as pending with the versions they were made against; 409 COURSE_ARCHIVED for an archived course (${aiWho})`,
        body: ZCourseIdBody,
        response: { 200: ZOptimizeEngagementResponse, ...aiErrors },
      },
    },
    async (request, reply) => optimizations.suggest(requireAuth(request).user, request.body.course_id, clientSignal(request, reply)),
  );

  app.get(
    '/api/course-creator/courses/:id/optimizations',
    {
      schema: {
        tags,
        summary: `Every suggested change of the course, newest first, with its status (${who})`,
        params: ZIdParams,
        response: { 200: ZOptimizationList, ...readErrors },
      },
    },
    async (request) => optimizations.list(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/course-creator/courses/:id/optimizations/latest',
    {
      schema: {
        tags,
        summary: `The suggestions of the course's last optimize-engagement call that made any, in the model's order with their status now, its source and createdAt (latest null before the first) (${who})`,
        params: ZIdParams,
        response: { 200: ZLatestOptimizations, ...readErrors },
      },
    },
    async (request) => optimizations.latest(requireAuth(request).user, request.params.id),
  );

  app.post(
    '/api/course-creator/optimizations/:id/apply',
    {
      schema: {
        tags,
        summary: `Apply one pending suggestion through the course model (a lesson change records a revision). 409 STALE_SUGGESTION when the lesson (or, for a course change, the course) changed since it was made — nothing changes; 409 ALREADY_APPLIED / ALREADY_DISMISSED when decided; 409 COURSE_ARCHIVED (${who})`,
        params: ZIdParams,
        response: { 200: ZOptimizationDecision, ...decisionErrors },
      },
    },
    async (request) => optimizations.apply(requireAuth(request).user, request.params.id),
  );

  app.post(
    '/api/course-creator/optimizations/:id/dismiss',
    {
      schema: {
        tags,
        summary: `Dismiss one pending suggestion; 409 ALREADY_APPLIED / ALREADY_DISMISSED when decided (${who})`,
        params: ZIdParams,
        response: { 200: ZOptimizationDecision, ...decisionErrors },
      },
    },
    async (request) => optimizations.dismiss(requireAuth(request).user, request.params.id),
  );
};
