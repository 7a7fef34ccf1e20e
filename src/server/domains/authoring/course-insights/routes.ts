import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZErrorResponse } from '../../../../shared/schemas/common.ts';
import {
  ZAnalyzePerformanceResponse,
  ZCourseAnalysisResponse,
  ZCourseIdBody,
  ZCourseMetricsResponse,
  ZLaunchChecklist,
} from '../../../../shared/schemas/course-insights.ts';
import { ZCourseMarketingResponse } from '../../../../shared/schemas/course-marketing.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requireAuth } from '../../../http/session.ts';
import type { MarketingService } from './marketing.ts';
import { clientSignal } from './run-context.ts';
import type { InsightsService } from './service.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';

export const tags = ['course-insights'];
const E = ZErrorResponse;
export const readErrors = { 400: E, 401: E, 403: E, 404: E } as const;
/** 503 AI_NOT_CONFIGURED or AI_PROVIDER_UNAVAILABLE, 429 AI_QUOTA_EXCEEDED, 502 AI_BAD_OUTPUT. */
export const aiErrors = { ...readErrors, 409: E, 429: E, 502: E, 503: E } as const;
export const who =
  "admins (any course of their company) and the course's instructor; a learner 403, another company's or colleague's course 404";
export const aiWho = `${who}; written in the course's language; 503 AI_NOT_CONFIGURED without a provider, 429 AI_QUOTA_EXCEEDED past the monthly quota`;

/** A course's metrics, the AI's analysis, the launch checklist and the marketing copy. */
export const courseInsightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService; marketing: MarketingService }> = async (
  app,
  { insights, marketing },
) => {
  noStoreByDefault(app);

  app.get(
    '/api/course-creator/courses/:id/metrics',
    {
      schema: {
        tags,
        summary: `Course analytics metrics from the course's real learning data (null = no data; hasLearners false when nobody is enrolled), the counts behind them and the course's structure (${who})`,
        params: ZIdParams,
        response: { 200: ZCourseMetricsResponse, ...readErrors },
      },
    },
    async (request) => insights.metrics(requireAuth(request).user, request.params.id),
  );

  app.post(
    '/api/course-creator/analyze-performance',
    {
      schema: {
        tags,
        summary: `analyze-performance: AI insights {type, title, description, impact, recommendation} on the course named by course_id, grounded in the metrics and structure the server computes itself (structure only when it has no learners); kept as the course's last analysis, replacing the one before (${aiWho})`,
        body: ZCourseIdBody,
        response: { 200: ZAnalyzePerformanceResponse, ...aiErrors },
      },
    },
    async (request, reply) => insights.analyzePerformance(requireAuth(request).user, request.body.course_id, clientSignal(request, reply)),
  );

  app.get(
    '/api/course-creator/courses/:id/analysis',
    {
      schema: {
        tags,
        summary: `The course's last analyze-performance answer as it was given, with its source and generatedAt (analysis null until the course is analysed) (${who})`,
        params: ZIdParams,
        response: { 200: ZCourseAnalysisResponse, ...readErrors },
      },
    },
    async (request) => insights.lastAnalysis(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/course-creator/courses/:id/launch-checklist',
    {
      schema: {
        tags,
        summary: `The launch checklist (the creator wizard's Launch step) from the course's real state (content, video, assessments, marketing, analytics = published), each with done, a detail in the request's language and its figures, and the real marketing counts (${who})`,
        params: ZIdParams,
        response: { 200: ZLaunchChecklist, ...readErrors },
      },
    },
    async (request) => insights.launchChecklist(requireAuth(request).user, request.params.id, requestLanguage(request) ?? 'da'),
  );

  app.get(
    '/api/course-creator/courses/:id/marketing',
    {
      schema: {
        tags,
        summary: `The course's stored AI-generated marketing copy (marketing null until generated) (${who})`,
        params: ZIdParams,
        response: { 200: ZCourseMarketingResponse, ...readErrors },
      },
    },
    async (request) => marketing.get(requireAuth(request).user, request.params.id),
  );

  app.post(
    '/api/course-creator/courses/:id/marketing',
    {
      schema: {
        tags,
        summary: `Generate (or regenerate, replacing the last) the course's launch marketing: landing headline, benefits, exactly 5 e-mails, 20 social posts, 10 ad variations, landing copy, SEO title ≤ 60 and description ≤ 160; stored with the course and shown on its public page (${aiWho})`,
        params: ZIdParams,
        response: { 200: ZCourseMarketingResponse, ...aiErrors },
      },
    },
    async (request, reply) => marketing.generate(requireAuth(request).user, request.params.id, clientSignal(request, reply)),
  );
};
