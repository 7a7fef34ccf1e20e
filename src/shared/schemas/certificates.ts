import { z } from 'zod';
import { safeString } from './common.ts';

/** Certificates, signed on completion and verifiable by anyone at /verify/:code. */

/** 'expired': genuine, but past the date it was valid until (a course that must be taken again). */
export const CERTIFICATE_STATUSES = ['genuine', 'expired', 'revoked', 'invalid'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const REVOKE_REASON_MAX = 500;

export const ZCertificateCodeParams = z.object({ code: safeString().min(1).max(64) });

/** One of my certificates (GET /api/certificates). */
export const ZMyCertificate = z.object({
  code: z.string(),
  /** A course's certificate, or a learning path's (its title is in courseTitle). */
  kind: z.enum(['course', 'path']),
  /** The course, or the learning path, it was earned on. */
  courseId: z.string().nullable(),
  pathId: z.string().nullable(),
  courseTitle: z.string(),
  companyName: z.string(),
  issuedAt: z.string(),
  /** When it stops being valid; null: never. */
  expiresAt: z.string().nullable(),
  /** 'invalid' when its stored fields no longer match their signature. */
  status: z.enum(CERTIFICATE_STATUSES),
  revokedAt: z.string().nullable(),
  /** The public verification page, `${PUBLIC_URL}/verify/${code}` (what the QR code carries). */
  verifyUrl: z.string(),
  /** The PDF, for the holder and the issuing company's admins. */
  pdfUrl: z.string(),
});
export const ZMyCertificates = z.object({ certificates: z.array(ZMyCertificate) });
export type TMyCertificate = z.infer<typeof ZMyCertificate>;

/** What a verification shows (GET /api/certificates/:code); `certificate` is null when it is not valid. */
export const ZCertificateVerification = z.object({
  code: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  certificate: z
    .object({
      /** A course's certificate, or a learning path's: courseTitle is then the path's title and instructorName who made it. */
      kind: z.enum(['course', 'path']),
      holderName: z.string(),
      /** The holder's data was erased: the name is gone, the rest is as certified. */
      holderErased: z.boolean(),
      courseTitle: z.string(),
      companyName: z.string(),
      instructorName: z.string(),
      issuedAt: z.string(),
      /** Valid until then; null: never expires. */
      expiresAt: z.string().nullable(),
      /** The whole per cent of quiz answers right when earned; null: not stated. */
      score: z.number().int().nullable(),
      /** The course's length: the sum of its lessons' durations when issued. */
      minutes: z.number().int(),
      hours: z.number(),
      /** The language the certificate (its PDF) is in. */
      language: z.enum(['da', 'en']),
    })
    .nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** The caller is an admin of the issuing company and the certificate is genuine. */
  canRevoke: z.boolean(),
  /** The caller is its holder or an admin of the issuing company, and it is valid. */
  canDownload: z.boolean(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;

export const ZRevokeRequest = z.strictObject({
  reason: safeString('certificates.reasonTooLong').trim().max(REVOKE_REASON_MAX, { error: 'certificates.reasonTooLong' }).optional(),
});

export const certificatePdfPath = (code: string) => `/api/certificates/${encodeURIComponent(code)}/pdf`;
