import type { TCourse } from '@shared/schemas/courses.ts';
import { apiRequest } from '@/lib/api-client';

/** SCORM packages: loaded when one is imported (the builder's first load leaves them out). */

const id = encodeURIComponent;

/** A SCORM package's SCOs as lessons at the end of the module (the version field goes before the file). */
export function importScorm(moduleId: string, file: File, version: number): Promise<TCourse> {
  const body = new FormData();
  body.append('version', String(version));
  body.append('file', file);
  return apiRequest<TCourse>('POST', `/api/modules/${id(moduleId)}/scorm`, { body });
}
/** A new draft course from a SCORM package. */
export function importScormCourse(file: File): Promise<TCourse> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<TCourse>('POST', '/api/courses/import-scorm', { body });
}
