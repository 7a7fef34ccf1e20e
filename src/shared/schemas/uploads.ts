import { z } from 'zod';
import { safeString } from './common.ts';

/** Uploaded media. A course's images, videos and downloadable files. */

export const UPLOAD_KINDS = ['image', 'video', 'download'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;

/** Size limits in bytes; video's is UPLOAD_MAX_VIDEO_MB on the server (2 GB by default). */
export const UPLOAD_LIMITS = {
  image: 10 * MB,
  download: 100 * MB,
  defaultVideoMb: 2048,
} as const;

/**
 * What each kind accepts, as the file's own bytes say (never its name or the browser's claim):
 * MIME type → the extension a download gets. No SVG: it can carry script.
 */
export const UPLOAD_TYPES = {
  image: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' },
  video: { 'video/mp4': 'mp4', 'video/webm': 'webm' },
  download: {
    'application/pdf': 'pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    'application/zip': 'zip',
  },
} as const satisfies Record<UploadKind, Record<string, string>>;

/** The multipart fields sent before the file: which course the file belongs to, and what it is for. */
export const ZUploadFields = z.object({
  courseId: safeString('upload.courseRequired')
    .trim()
    .min(1, { error: 'upload.courseRequired' })
    .max(64, { error: 'upload.courseRequired' }),
  kind: z.enum(UPLOAD_KINDS, { error: 'upload.kind' }),
});

export const ZUpload = z.object({
  id: z.string(),
  /** Where to fetch it: `/api/uploads/:id`. */
  url: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  /** The type read from the bytes. */
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  originalName: z.string(),
});
export type TUpload = z.infer<typeof ZUpload>;

export function uploadUrl(id: string): string {
  return `/api/uploads/${id}`;
}
