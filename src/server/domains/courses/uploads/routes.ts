import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate, type MessageKey } from '../../../../shared/i18n/messages.ts';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZUpload, ZUploadFields } from '../../../../shared/schemas/uploads.ts';
import { discardRestOfBody } from '../../../http/discard-body.ts';
import { AppError } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requireAuth } from '../../../http/session.ts';
import { contentDisposition } from './names.ts';
import { parseRange } from './range.ts';
import type { UploadRow } from './repository.ts';
import type { UploadsService } from './service.ts';

export interface UploadsRouteDeps {
  uploads: UploadsService;
}

/** Room for the multipart envelope around the file: boundaries, part headers, the two fields. */
const ENVELOPE_BYTES = 64 * 1024;
/** The file itself (a stream; never serialised). */
const ZFileBytes = z.unknown().describe("The file's bytes, with the stored type as Content-Type");

/** How the upload's bytes are cached. See the route's comment. */
const CACHE_CONTROL = 'private, max-age=3600';
/** A file opened on its own (a new tab) runs nothing and loads nothing else. */
const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRouteDeps> = async (app, { uploads }) => {
  // Multipart only here: every other route keeps the 1 MB JSON body limit and refuses multipart (415).
  await app.register(fastifyMultipart, {
    limits: { fields: 4, fieldSize: 1024, fieldNameSize: 100, files: 1, parts: 6, headerPairs: 20, fileSize: uploads.largestLimit() + 1 },
    throwFileSizeLimit: false,
  });

  app.post(
    '/api/uploads',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Upload a file to a course (multipart/form-data: the fields courseId and kind = image | video | download, then the file). The type is read from the bytes; images ≤ 10 MB, downloads ≤ 100 MB, video ≤ UPLOAD_MAX_VIDEO_MB',
        consumes: ['multipart/form-data'],
        response: {
          201: ZUpload,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      try {
        const actor = requireAuth(request).user;
        if (!request.isMultipart()) throw new AppError('BAD_CONTENT_TYPE', 415, 'upload.notMultipart');
        const declared = Number(request.headers['content-length']);
        if (declared > uploads.largestLimit() + ENVELOPE_BYTES) {
          throw new AppError('TOO_LARGE', 413, 'upload.tooLarge', { params: { mb: Math.floor(uploads.largestLimit() / (1024 * 1024)) } });
        }
        // Parts in the order they were sent: the fields must come before the file, so the course and
        // the kind are known (and the rights checked) before a byte of the file is stored.
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
        if (!file) throw new AppError('VALIDATION', 400, 'upload.fileMissing', { fields: { file: 'upload.fileMissing' } });
        const parsed = ZUploadFields.safeParse(fields);
        if (!parsed.success) {
          if (fields.courseId === undefined && fields.kind === undefined) throw new AppError('VALIDATION', 400, 'upload.fieldsFirst');
          const errors: Record<string, MessageKey> = {};
          for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message as MessageKey;
          throw new AppError('VALIDATION', 400, Object.values(errors)[0] ?? 'http.validation', { fields: errors });
        }
        const { courseId, kind } = parsed.data;
        await uploads.assertCanUpload(actor, courseId);
        if (declared > uploads.limit(kind) + ENVELOPE_BYTES) throw uploads.tooLarge(kind);
        const upload = await uploads.store(actor, courseId, kind, { filename: file.filename, stream: file.file });
        return reply.status(201).send(upload);
      } finally {
        discardRestOfBody(request, reply);
      }
    },
  );

  /*
   * Cache-Control is `private` for every file, also those of published public courses: the same
   * URL answers differently to different people (a member sees a draft's files, a visitor gets
   * 404), and access ends when a course is unpublished or made private, which a shared cache
   * (a CDN, a company proxy) keyed on the URL would not know for as long as it kept the copy. A
   * file's bytes never change under its id, so the browser may keep its own copy for an hour and
   * revalidate with the ETag after that.
   */
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/uploads/:id',
    // HEAD is this route's own: Fastify's automatic one would read the whole file to throw it away.
    exposeHeadRoute: false,
    schema: {
      tags: ['uploads'],
      summary:
        "An uploaded file, to whoever may have it: the company's admins and instructors always; a course's cover to whoever may see the course (anyone for a published public or unlisted course); a lesson's video, download or image to the learners enrolled in the course, and to anyone when the lesson is a free preview of a published public or unlisted course. Others 404. Range requests: 206 with Content-Range, 416 when outside the file",
      params: ZIdParams,
      response: { 200: ZFileBytes, 206: ZFileBytes, 304: ZFileBytes, 404: ZErrorResponse, 416: ZErrorResponse },
    },
    handler: async (request, reply) => {
      const { upload, open } = await uploads.authorise(request.auth?.user ?? null, request.params.id);
      return sendUpload(request, reply, uploads, upload, open);
    },
  });
};

/**
 * Sends an upload the caller may see: ETag and 304, one byte range (206, or 416 outside the file),
 * nosniff, a CSP that runs nothing, and Content-Disposition. `open`: anyone at all may fetch it,
 * so any page may show it (Cross-Origin-Resource-Policy).
 */
export async function sendUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  uploads: UploadsService,
  upload: UploadRow,
  open: boolean,
): Promise<FastifyReply> {
  const etag = `"${upload.id}"`;
  reply.headers({
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'cache-control': CACHE_CONTROL,
    etag,
    'content-security-policy': FILE_CSP,
    // A file anyone may fetch may be shown by any page (the company's subdomain site among
    // them); a members-only file only by pages of this site.
    'cross-origin-resource-policy': open ? 'cross-origin' : 'same-site',
    'content-disposition': contentDisposition(upload.kind === 'download' ? 'attachment' : 'inline', upload.originalName),
  });
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  // If-Range with another validator: the client's partial copy is of something else; send it all.
  const ifRange = request.headers['if-range'];
  const range = ifRange !== undefined && ifRange !== etag ? null : parseRange(request.headers.range, upload.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${upload.size}`);
    const lang = requestLanguage(request);
    return reply.status(416).send({ message: translate('upload.rangeNotSatisfiable', lang), code: 'RANGE_NOT_SATISFIABLE' });
  }
  reply.header('content-type', upload.mime);
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${upload.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(upload.size));
  }
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await uploads.read(upload, range));
}
