import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  SOURCE_LIMITS,
  ZCourseSource,
  ZCourseSourceDetail,
  ZSourceSectionParams,
  ZSourceSectionText,
} from '../../../../shared/schemas/course-sources.ts';
import { z } from 'zod';
import { AppError } from '../../../http/errors.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CourseSourcesService } from './service.ts';

const tags = ['course-sources'];
const E = ZErrorResponse;
const MB = SOURCE_LIMITS.bytes / (1024 * 1024);
const tooLarge = () => new AppError('TOO_LARGE', 413, 'source.tooLarge', { params: { mb: MB } });

/** A course from your own material: upload, read, list, delete. */
export const courseSourcesRoutes: FastifyPluginAsyncZod<{ sources: CourseSourcesService }> = async (app, { sources }) => {
  // Multipart only in this scope, with one file and no other parts.
  await app.register(fastifyMultipart, {
    limits: { fields: 0, files: 1, parts: 1, headerPairs: 20, fileSize: SOURCE_LIMITS.bytes },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/course-sources',
    {
      schema: {
        tags,
        summary: `Upload material to build a course from (multipart/form-data, one file: PDF, DOCX, PPTX, Markdown or text, ≤ ${MB} MB). Its text is read and split into numbered sections at once; 415 for another type, 422 for a damaged, locked or textless file (admins and instructors)`,
        consumes: ['multipart/form-data'],
        response: { 201: ZCourseSourceDetail, 400: E, 401: E, 403: E, 413: E, 415: E, 422: E },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      if (!request.isMultipart()) throw new AppError('BAD_CONTENT_TYPE', 415, 'upload.notMultipart');
      if (Number(request.headers['content-length']) > SOURCE_LIMITS.bytes + 64 * 1024) throw tooLarge();
      let file: { filename: string; bytes: Buffer } | undefined;
      try {
        const part = await request.file();
        if (part) file = { filename: part.filename, bytes: await part.toBuffer() };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw new AppError('BAD_REQUEST', 400, 'http.badRequest');
      }
      if (!file || file.bytes.length === 0)
        throw new AppError('VALIDATION', 400, 'upload.fileMissing', { fields: { file: 'upload.fileMissing' } });
      return reply.status(201).send(await sources.create(actor, file));
    },
  );

  app.get(
    '/api/course-sources',
    {
      schema: {
        tags,
        summary: "Material I may use, newest first (an admin sees the company's)",
        response: { 200: z.array(ZCourseSource), 401: E, 403: E },
      },
    },
    async (request) => sources.list(requireAuth(request).user),
  );

  app.get(
    '/api/course-sources/:id',
    {
      schema: {
        tags,
        summary: 'One uploaded material with its sections (heading, locator, excerpt)',
        params: ZIdParams,
        response: { 200: ZCourseSourceDetail, 401: E, 403: E, 404: E },
      },
    },
    async (request) => sources.get(requireAuth(request).user, request.params.id),
  );

  app.get(
    '/api/course-sources/:id/sections/:number',
    {
      schema: {
        tags,
        summary: "One section's whole text",
        params: ZSourceSectionParams,
        response: { 200: ZSourceSectionText, 401: E, 403: E, 404: E },
      },
    },
    async (request) => sources.section(requireAuth(request).user, request.params.id, request.params.number),
  );

  app.delete(
    '/api/course-sources/:id',
    {
      schema: {
        tags,
        summary: 'Delete uploaded material (courses made from it keep their lessons)',
        params: ZIdParams,
        response: { 204: z.null(), 401: E, 403: E, 404: E },
      },
    },
    async (request, reply) => {
      await sources.remove(requireAuth(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
