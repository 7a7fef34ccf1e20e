import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCatalogueCourseDetail, ZCataloguePage, ZCatalogueQuery, ZCoursePreview } from '../../../../shared/schemas/catalogue.ts';
import { safeString, ZErrorResponse } from '../../../../shared/schemas/common.ts';
import type { CatalogueService } from './service.ts';

const ZSlugParams = z.object({ slug: safeString().min(1).max(120) });
const ZPreviewParams = ZSlugParams.extend({ lessonId: safeString().min(1).max(64) });

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  app.get(
    '/api/catalogue',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "Every company's published public courses: free-text search (q: title, instructor, tags; case-insensitive, prefix per word), category, level, sort, page; with counters over the whole catalogue",
        querystring: ZCatalogueQuery,
        response: { 200: ZCataloguePage, 400: ZErrorResponse },
      },
    },
    async (request) => catalogue.search(request.query),
  );

  app.get(
    '/api/catalogue/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A published course's public page: public courses, and unlisted ones by their link; the outline without lesson contents",
        params: ZSlugParams,
        response: { 200: ZCatalogueCourseDetail, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => catalogue.course(request.params.slug),
  );

  app.get(
    '/api/catalogue/:slug/previews/:lessonId',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "A free preview lesson of a published public or unlisted course, with its content, for anyone (its files too: GET /api/uploads/:id); the course's other free previews. Any other lesson 404",
        params: ZPreviewParams,
        response: { 200: ZCoursePreview, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => catalogue.preview(request.params.slug, request.params.lessonId),
  );
};
