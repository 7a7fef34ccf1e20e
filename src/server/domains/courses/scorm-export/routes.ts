import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import { requireAuth } from '../../../http/session.ts';
import { errorResponses } from '../../../http/route-helpers.ts';
import { contentDisposition } from '../uploads/names.ts';
import { EXPORT_FORMATS } from './manifest.ts';
import type { ScormExportService } from './service.ts';

export const scormExportRoutes: FastifyPluginAsyncZod<{ exporter: ScormExportService }> = async (app, { exporter }) => {
  app.get(
    '/api/courses/:id/export',
    {
      schema: {
        tags: ['scorm'],
        summary:
          "The course as a SCORM package (ZIP) another LMS plays: format scorm12 (SCORM 1.2) or scorm2004 (2004 4th edition). The builder's current content, each lesson a page section with its media, quizzes graded in the package and reported through the SCORM API. To the course's builders (its company's admins, its instructor)",
        params: ZIdParams,
        querystring: z.object({ format: z.enum(EXPORT_FORMATS, { error: 'http.invalidValue' }) }),
        response: { 200: z.any().describe('The package, application/zip'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      const { fileName, body, missing } = await exporter.export(actor, request.params.id, request.query.format);
      if (missing.length) request.log.warn({ uploads: missing }, 'a SCORM export left out media missing from storage');
      body.on('error', (error) => request.log.error({ err: error }, 'a SCORM export could not be written to the end'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
