import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  ZActivityList,
  ZAnalytics,
  ZAttention,
  ZAnalyticsQuery,
  ZInstructorCourseList,
  ZInstructorReviewList,
  ZInstructorStats,
  ZOrganisationOverview,
  ZStudentList,
} from '../../../../shared/schemas/dashboard.ts';
import { ZCourseQuestionList } from '../../../../shared/schemas/course-questions.ts';
import { requireAuth } from '../../../http/session.ts';
import type { InstructorsService } from './service.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['dashboard'];
const E = ZErrorResponse;
const errors = errorResponses(400, 401, 404);
const ZLimitQuery = (max: number) => z.object({ limit: z.coerce.number().int().min(1).max(max).optional() }).strict();
const who = 'the instructor themself, or an admin of their company; anyone else 404';

/** The instructor dashboard's calls (/api/instructors/{id}/…), and an admin's company overview. */
export const instructorsRoutes: FastifyPluginAsyncZod<{ instructors: InstructorsService }> = async (app, { instructors }) => {
  noStoreByDefault(app);

  app.get(
    '/api/instructors/:id/courses',
    {
      schema: {
        tags,
        summary: `The instructor's courses with students, completion and rating (${who})`,
        params: ZIdParams,
        response: { 200: ZInstructorCourseList, ...errors },
      },
    },
    async (request) => instructors.courses(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/instructors/:id/stats',
    {
      schema: {
        tags,
        summary: `The dashboard's figures over the instructor's courses (${who})`,
        params: ZIdParams,
        response: { 200: ZInstructorStats, ...errors },
      },
    },
    async (request) => instructors.stats(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/instructors/:id/attention',
    {
      schema: {
        tags,
        summary: `What needs attention first: courses in draft, overdue learners on the instructor's courses, failed AI jobs not run again (${who})`,
        params: ZIdParams,
        response: { 200: ZAttention, ...errors },
      },
    },
    async (request) => instructors.attention(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/instructors/:id/activity',
    {
      schema: {
        tags,
        summary: `Recent events on the instructor's courses, newest first; limit 1–100 (default 20) (${who})`,
        params: ZIdParams,
        querystring: ZLimitQuery(100),
        response: { 200: ZActivityList, ...errors },
      },
    },
    async (request) => instructors.activity(requireAuth(request).user, request.params.id, request.query.limit),
  );

  app.get(
    '/api/instructors/:id/students',
    {
      schema: {
        tags,
        summary: `Learners enrolled in the instructor's courses, latest active first; limit 1–500 (default 100) (${who})`,
        params: ZIdParams,
        querystring: ZLimitQuery(500),
        response: { 200: ZStudentList, ...errors },
      },
    },
    async (request) => instructors.students(requireAuth(request).user, request.params.id, request.query.limit),
  );

  app.get(
    '/api/instructors/:id/analytics',
    {
      schema: {
        tags,
        summary: `Summary, performance per course and enrolments/completions per day over the last 30 or 90 days (${who}); advanced analytics, so a Starter company gets 403 PLAN_FEATURE`,
        params: ZIdParams,
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalytics, 403: E, ...errors },
      },
    },
    async (request) => instructors.analytics(requireAuth(request).user, request.params.id, request.query.days),
  );

  app.get(
    '/api/organisation/overview',
    {
      schema: {
        tags,
        summary: "An admin's company overview: members by role, seats used against the plan, courses assigned, overdue learners",
        response: { 200: ZOrganisationOverview, 401: E, 403: E },
      },
    },
    async (request) => instructors.overview(requireAuth(request).user),
  );

  app.get(
    '/api/instructors/:id/reviews',
    {
      schema: {
        tags,
        summary: `Reviews of the instructor's courses with course and learner, newest first; limit 1–100 (default 50) (${who})`,
        params: ZIdParams,
        querystring: ZLimitQuery(100),
        response: { 200: ZInstructorReviewList, ...errors },
      },
    },
    async (request) => instructors.reviews(requireAuth(request).user, request.params.id, request.query.limit),
  );

  app.get(
    '/api/instructors/:id/questions',
    {
      schema: {
        tags,
        summary: `Learners' questions on the instructor's courses (an admin's: on every course of the company) with course, lesson and asker, the unanswered first, then newest first; limit 1–100 (default 50) (${who})`,
        params: ZIdParams,
        querystring: ZLimitQuery(100),
        response: { 200: ZCourseQuestionList, ...errors },
      },
    },
    async (request) => instructors.questions(requireAuth(request).user, request.params.id, request.query.limit),
  );
};
