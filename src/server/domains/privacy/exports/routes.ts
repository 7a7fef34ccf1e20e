import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZDataExport, ZDataExportList } from '../../../../shared/schemas/exports.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { ExportsService } from './service.ts';

const tags = ['privacy'];
const ZZip = z.unknown().describe('The copy as a ZIP (application/zip), as an attachment');

/** Copies of data: a person's own (any member) and the company's (admins); their status and their file. */
export const exportRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  noStoreByDefault(app);

  app.post(
    '/api/me/export',
    {
      schema: {
        tags,
        summary:
          'Ask for a copy of all my data (GDPR art. 15 and 20), made in the background as a ZIP: 202 with the export. One at a time (409 while one is queued or running), at most 3 in 24 hours (429)',
        response: { 202: ZDataExport, ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await exports.requestPerson(requireAuth(request).user, request.ip)),
  );

  app.get(
    '/api/me/exports',
    {
      schema: {
        tags,
        summary: 'My copies of my data, newest first (the last 20)',
        response: { 200: ZDataExportList, ...errorResponses(401) },
      },
    },
    async (request) => ({ exports: await exports.list(requireAuth(request).user, 'person') }),
  );

  app.post(
    '/api/organisation/export',
    {
      schema: {
        tags,
        summary:
          "Ask for a copy of the whole company's data: every person's copy, every course and the company's uploads (admins; others 403). One at a time (409), at most 3 in 24 hours (429)",
        response: { 202: ZDataExport, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await exports.requestCompany(requireAuth(request).user, request.ip)),
  );

  app.get(
    '/api/organisation/exports',
    {
      schema: {
        tags,
        summary: "The company's copies of its data, newest first (admins; others 403)",
        response: { 200: ZDataExportList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ exports: await exports.list(requireAuth(request).user, 'company') }),
  );

  app.get(
    '/api/exports/:id',
    {
      schema: {
        tags,
        summary:
          "An export's status (queued, running, ready, failed, expired), when it was ready and expires, its size and, while ready, where to download it. Who asked for it, and a company's admins for its copy; others 404",
        params: ZIdParams,
        response: { 200: ZDataExport, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => exports.get(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/exports/:id/file',
    {
      schema: {
        tags,
        summary: 'The ready copy as a ZIP, streamed (as its status; 409 before it is ready, 410 once expired)',
        params: ZIdParams,
        produces: ['application/zip'],
        response: { 200: ZZip, ...errorResponses(400, 401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const { body, size, fileName } = await exports.file(requireAuth(request).user, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
