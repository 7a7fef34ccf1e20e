import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS } from '../../../../shared/schemas/uploads.ts';
import { ZBrandAssetParams, ZBrandResponse, ZBrandUpdate } from '../../../../shared/schemas/brand.ts';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { discardRestOfBody } from '../../../http/discard-body.ts';
import { AppError } from '../../../http/errors.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { BrandService } from './service.ts';

const tags = ['sites'];
const E = ZErrorResponse;
/** Room for the multipart envelope around the image. */
const ENVELOPE_BYTES = 64 * 1024;

/** The company's brand, set by its admins on the settings page. */
export const brandRoutes: FastifyPluginAsyncZod<{ brand: BrandService }> = async (app, { brand }) => {
  noStoreByDefault(app);
  await app.register(fastifyMultipart, {
    limits: { fields: 0, files: 1, parts: 1, headerPairs: 20, fileSize: UPLOAD_LIMITS.image + 1 },
    throwFileSizeLimit: false,
  });

  app.get(
    '/api/organisation/brand',
    {
      schema: {
        tags,
        summary:
          "The company's brand: its colour and the shades drawn with it (each passing WCAG AA where it is used), logo, hero image and text, and white label (admins and instructors; learners 403)",
        response: { 200: ZBrandResponse, 401: E, 403: E },
      },
    },
    async (request) => brand.get(requireAuth(request).user),
  );

  app.put(
    '/api/organisation/brand',
    {
      schema: {
        tags,
        summary:
          "Set the brand's colour (#rrggbb, or null), hero text (≤ 300 characters, or null) and white label (admins only; white label 403 PLAN_FEATURE on a plan without it)",
        body: ZBrandUpdate,
        response: { 200: ZBrandResponse, 400: E, 401: E, 403: E },
      },
    },
    async (request) => brand.update(requireAuth(request).user, request.body),
  );

  app.post(
    '/api/organisation/brand/:asset',
    {
      schema: {
        tags,
        summary:
          'Upload the logo or the hero image (multipart/form-data with one file: PNG, JPEG, WebP or GIF, read from its bytes, ≤ 10 MB); admins only',
        params: ZBrandAssetParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZBrandResponse, 400: E, 401: E, 403: E, 413: E, 415: E },
      },
    },
    async (request, reply) => {
      try {
        const actor = requireAuth(request).user;
        if (!request.isMultipart()) throw new AppError('BAD_CONTENT_TYPE', 415, 'upload.notMultipart');
        if (Number(request.headers['content-length']) > UPLOAD_LIMITS.image + ENVELOPE_BYTES) {
          throw new AppError('TOO_LARGE', 413, 'upload.tooLarge', { params: { mb: UPLOAD_LIMITS.image / (1024 * 1024) } });
        }
        await brand.assertCanChange(actor);
        let file: MultipartFile | undefined;
        try {
          file = await request.file();
        } catch {
          throw new AppError('BAD_REQUEST', 400, 'http.badRequest');
        }
        if (!file) throw new AppError('VALIDATION', 400, 'upload.fileMissing', { fields: { file: 'upload.fileMissing' } });
        return await brand.storeAsset(actor, request.params.asset, { filename: file.filename, stream: file.file });
      } finally {
        discardRestOfBody(request, reply);
      }
    },
  );

  app.delete(
    '/api/organisation/brand/:asset',
    {
      schema: {
        tags,
        summary: 'Remove the logo or the hero image (admins only); the site goes back to the company name, or to no hero image',
        params: ZBrandAssetParams,
        response: { 200: ZBrandResponse, 400: E, 401: E, 403: E },
      },
    },
    async (request) => brand.removeAsset(requireAuth(request).user, request.params.asset),
  );
};
