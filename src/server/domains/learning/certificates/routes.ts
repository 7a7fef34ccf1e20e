import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCertificateCodeParams,
  ZCertificateVerification,
  ZMyCertificates,
  ZRevokeRequest,
} from '../../../../shared/schemas/certificates.ts';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CertificatesService } from './service.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['certificates'];
const E = ZErrorResponse;
/** The PDF's bytes (never serialised). */
const ZPdfBytes = z.unknown().describe("The certificate's PDF (application/pdf), as an attachment");

/** Certificates: mine, public verification, the PDF and revocation. */
export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (app, { certificates }) => {
  // A certificate's status can change (revocation): no answer here is cached.
  noStoreByDefault(app);

  app.get(
    '/api/certificates',
    {
      schema: {
        tags,
        summary: 'My certificates, newest first (a completed course without one gets it now)',
        response: { 200: ZMyCertificates, 401: E },
      },
    },
    async (request) => ({ certificates: await certificates.mine(requireAuth(request).user) }),
  );

  app.get(
    '/api/certificates/:code',
    {
      schema: {
        tags,
        summary:
          'Verify a certificate (public): genuine, revoked or invalid (its stored fields no longer match their signature), with what it certifies when valid; unknown codes 404',
        params: ZCertificateCodeParams,
        response: { 200: ZCertificateVerification, 400: E, 404: E },
      },
    },
    async (request) => certificates.verify(request.params.code, request.auth?.user ?? null),
  );

  app.get(
    '/api/certificates/:code/pdf',
    {
      schema: {
        tags,
        summary:
          "The certificate as an A4 PDF in its language, with its verification code and QR code (its holder, the issuing company's admins; others 404). A revoked one is marked revoked",
        params: ZCertificateCodeParams,
        produces: ['application/pdf'],
        response: { 200: ZPdfBytes, 400: E, 401: E, 404: E, 409: E },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await certificates.pdf(requireAuth(request).user, request.params.code);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );

  app.post(
    '/api/certificates/:code/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a certificate, with an optional reason (admins of the issuing company; others 404; already revoked 409)',
        params: ZCertificateCodeParams,
        // The reason is optional, and so is the body that would carry it.
        body: ZRevokeRequest.nullish(),
        response: { 200: ZCertificateVerification, 400: E, 401: E, 404: E, 409: E },
      },
    },
    async (request) => certificates.revoke(requireAuth(request).user, request.params.code, request.body?.reason, request.ip),
  );
};
