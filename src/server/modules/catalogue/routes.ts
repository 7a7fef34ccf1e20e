import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCatalogueCourseDetail, ZCataloguePage, ZCatalogueQuery } from '../../../shared/schemas/catalogue.ts';
import { safeString, ZErrorResponse } from '../../../shared/schemas/common.ts';
import type { CatalogueService } from './service.ts';

const ZSlugParams = z.object({ slug: safeString().min(1).max(120) });

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
};
