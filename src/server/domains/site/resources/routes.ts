import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATE_LIMIT } from '../../../../shared/constants.ts';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import {
  ZResourceDetail,
  ZResourceLangQuery,
  ZResourceList,
  ZResourceListQuery,
  ZResourceRatingBody,
  ZResourceRatingResult,
  ZResourceSlugParams,
  ZResourceViewResult,
} from '../../../../shared/schemas/resources.ts';
import type { ResourcesService } from './service.ts';

const tags = ['resources'];
const E = ZErrorResponse;
const ZFileBytes = z.unknown().describe("The template's file (text/csv, text/markdown or text/plain), as an attachment");

/** The resource library: public, read-only but for the view counter and visitors' ratings. */
export const resourcesRoutes: FastifyPluginAsyncZod<{ resources: ResourcesService }> = async (app, { resources }) => {
  app.get(
    '/api/resources',
    {
      schema: {
        tags,
        summary:
          'The library in one language, newest first, with view counts; q searches title, description and tags (case-insensitive, every word), type narrows to one type',
        querystring: ZResourceListQuery,
        response: { 200: ZResourceList, 400: E },
      },
    },
    async (request) => resources.list(request.query.lang, request.query.q, request.query.type),
  );

  app.get(
    '/api/resources/:slug',
    {
      schema: {
        tags,
        summary: 'One resource in one language: its facts, the article as HTML and up to three related resources; unknown slugs 404',
        params: ZResourceSlugParams,
        querystring: ZResourceLangQuery,
        response: { 200: ZResourceDetail, 400: E, 404: E },
      },
    },
    async (request) => resources.get(request.params.slug, request.query.lang, { ip: request.ip }),
  );

  app.post(
    '/api/resources/:slug/view',
    {
      // Past the day's one row per address, a client's further views change nothing; this bounds
      // the work one client can cause.
      config: { rateLimit: { max: RATE_LIMIT.resourceViewsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary:
          'Counts a view: once per visitor, resource and day, from a salted hash of the address (an IPv6 address by its /64, whatever the browser calls itself) whose salt is deleted after the day (no cookie, nothing personal kept)',
        params: ZResourceSlugParams,
        response: { 200: ZResourceViewResult, 400: E, 404: E, 429: E },
      },
    },
    async (request) => resources.view(request.params.slug, { ip: request.ip }),
  );

  app.post(
    '/api/resources/:slug/rating',
    {
      config: { rateLimit: { max: RATE_LIMIT.resourceRatingsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary:
          "Rates a resource 1–5: one rating per visitor, a repeat changes it; the visitor is a keyed hash of the address (an IPv6 address by its /64) under the installation's key, the address is never stored (no cookie). Answers the new average and count",
        params: ZResourceSlugParams,
        body: ZResourceRatingBody,
        response: { 200: ZResourceRatingResult, 400: E, 404: E, 429: E },
      },
    },
    async (request) => resources.rate(request.params.slug, request.body.rating, { ip: request.ip }),
  );

  app.get(
    '/api/resources/:slug/download',
    {
      schema: {
        tags,
        summary: "A template's file in the language asked for, as an attachment; resources without a file 404",
        params: ZResourceSlugParams,
        querystring: ZResourceLangQuery,
        produces: ['text/csv', 'text/markdown', 'text/plain'],
        response: { 200: ZFileBytes, 400: E, 404: E },
      },
    },
    async (request, reply) => {
      const file = resources.download(request.params.slug, request.query.lang);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(file.bytes);
    },
  );
};
