import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SCORM_LIMITS } from '../../../../shared/constants.ts';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZCourse } from '../../../../shared/schemas/courses.ts';
import { discardRestOfBody } from '../../../http/discard-body.ts';
import { AppError } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import { parseRange } from '../uploads/range.ts';
import type { ScormService } from './service.ts';

export interface ScormRouteDeps {
  scorm: ScormService;
}

const MB = 1024 * 1024;
const tooLarge = () => new AppError('TOO_LARGE', 413, 'scorm.tooLargePacked', { params: { mb: SCORM_LIMITS.packedBytes / MB } });

/**
 * What a package's page may do: run its own scripts (authoring tools inline them and some eval),
 * load what is in the package, talk to this site alone, and be framed by this site alone. No
 * plugin, no form to elsewhere, nothing fetched from another origin (docs/decisions/065-scorm-player.md).
 */
const PACKAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The package's file (a stream; never serialised). */
const ZFileBytes = z.unknown().describe("The file's bytes, with its type as Content-Type");

/** The multipart body's fields (sent before the file) and the file's bytes, within the package limit. */
async function readPackage(request: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('BAD_CONTENT_TYPE', 415, 'upload.notMultipart');
  if (Number(request.headers['content-length']) > SCORM_LIMITS.packedBytes + 64 * 1024) throw tooLarge();
  const fields: Record<string, string> = {};
  let file: MultipartFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        file = part;
        break;
      }
      fields[part.fieldname] ??= String(part.value);
    }
  } catch {
    throw new AppError('BAD_REQUEST', 400, 'http.badRequest');
  }
  if (!file) throw new AppError('VALIDATION', 400, 'scorm.fileMissing', { fields: { file: 'scorm.fileMissing' } });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.file) chunks.push(chunk as Buffer);
  } catch {
    throw new AppError('INCOMPLETE', 400, 'upload.incomplete');
  }
  if (file.file.truncated) throw tooLarge();
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) throw new AppError('EMPTY', 400, 'upload.empty');
  return { fields, bytes };
}

export const scormRoutes: FastifyPluginAsyncZod<ScormRouteDeps> = async (app, { scorm }) => {
  await app.register(fastifyMultipart, {
    limits: { fields: 2, fieldSize: 100, fieldNameSize: 100, files: 1, parts: 4, headerPairs: 20, fileSize: SCORM_LIMITS.packedBytes },
    throwFileSizeLimit: false,
  });
  const tags = ['scorm'];

  app.post(
    '/api/courses/import-scorm',
    {
      schema: {
        tags,
        summary:
          'A new draft course from a SCORM 1.2 or 2004 package (multipart/form-data: the ZIP as its one file): titled as the package, one module, one lesson per SCO. A file that is not a playable package is refused with 422 and why',
        consumes: ['multipart/form-data'],
        response: { 201: ZCourse, ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      try {
        const actor = requireAuth(request).user;
        const { bytes } = await readPackage(request);
        return reply.status(201).send(await scorm.importCourse(actor, bytes));
      } finally {
        discardRestOfBody(request, reply);
      }
    },
  );

  app.post(
    '/api/modules/:id/scorm',
    {
      schema: {
        tags,
        summary:
          "A SCORM package's SCOs as lessons at the end of a module (multipart/form-data: the field version, the course's version as read, then the ZIP)",
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZCourse, ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      try {
        const actor = requireAuth(request).user;
        const { fields, bytes } = await readPackage(request);
        const version = z.coerce.number().int().min(1).safeParse(fields.version);
        if (!version.success) throw new AppError('VALIDATION', 400, 'http.validation', { fields: { version: 'http.validation' } });
        return reply.status(201).send(await scorm.importIntoModule(actor, request.params.id, version.data, bytes));
      } finally {
        discardRestOfBody(request, reply);
      }
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/scorm/:packageId/*',
    exposeHeadRoute: false,
    schema: {
      tags,
      summary:
        "A file of a SCORM package, by its path in the package: to the company's admins and instructors, and to the learners enrolled in its course once it is out of draft; others 404",
      params: z.object({ packageId: z.string().min(1).max(64), '*': z.string().max(2000) }),
      response: { 200: ZFileBytes, 206: ZFileBytes, 404: ZErrorResponse, 416: ZErrorResponse },
    },
    handler: async (request, reply) => {
      const file = await scorm.file(requireAuth(request).user, request.params.packageId, request.params['*']);
      reply.headers({
        'content-type': file.mime,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=3600',
        'content-security-policy': PACKAGE_CSP,
        'cross-origin-resource-policy': 'same-origin',
        'accept-ranges': 'bytes',
      });
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', 416, 'upload.rangeNotSatisfiable');
      }
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      reply.header('content-length', String(range ? range.end - range.start + 1 : file.size));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await scorm.read(file, range));
    },
  });
};
