import type { TCourseImage, TCourseMedia, TDrawImageRequest } from '@shared/schemas/course-media.ts';
import { api } from '@/lib/api-client';

const id = encodeURIComponent;
const base = (courseId: string) => `/api/course-creator/courses/${id(courseId)}`;

/** GET …/media: the image model (or what is missing), the cover, the lessons and the drawn pictures. */
export const getMedia = (courseId: string, signal?: AbortSignal) => api.get<TCourseMedia>(`${base(courseId)}/media`, signal);
/** POST …/images: a picture drawn for the cover or a lesson, kept with the course but not yet used. */
export const drawImage = (courseId: string, body: TDrawImageRequest) => api.post<TCourseImage>(`${base(courseId)}/images`, body);
/** PATCH …/images/:imageId: the picture's alt text. */
export const describeImage = (courseId: string, imageId: string, altText: string) =>
  api.patch<TCourseImage>(`${base(courseId)}/images/${id(imageId)}`, { altText });
/** POST …/images/:imageId/use: the course's cover, or appended to its lesson. */
export const applyImage = (courseId: string, imageId: string) => api.post<TCourseImage>(`${base(courseId)}/images/${id(imageId)}/use`);
