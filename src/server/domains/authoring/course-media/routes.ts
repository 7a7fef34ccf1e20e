import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  ZCourseImage,
  ZCourseImageParams,
  ZCourseMedia,
  ZDescribeImageRequest,
  ZDrawImageRequest,
} from '../../../../shared/schemas/course-media.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import { aiErrors, readErrors, who } from '../course-insights/routes.ts';
import { clientSignal } from '../course-insights/run-context.ts';
import type { CourseMediaService } from './service.ts';

const tags = ['course-media'];

/** The creator's media step: a course's drawn cover and lesson illustrations (docs/decisions/068-ai-images.md). */
export const courseMediaRoutes: FastifyPluginAsyncZod<{ media: CourseMediaService }> = async (app, { media }) => {
  noStoreByDefault(app);
  app.get(
    '/api/course-creator/courses/:id/media',
    {
      schema: {
        tags,
        summary: `The image model (or what is missing), the course's cover, the lessons a picture can illustrate and the course's drawn pictures, newest first, each with its alt text, prompt, model and whether it is in use (${who})`,
        params: ZIdParams,
        response: { 200: ZCourseMedia, ...readErrors },
      },
    },
    async (request) => media.get(requireAuth(request).user, request.params.id),
  );

  app.post(
    '/api/course-creator/courses/:id/images',
    {
      schema: {
        tags,
        summary: `Draw a picture for the course's cover or one of its lessons: the text model writes the image prompt and the alt text in the course's language, the image model draws it, and it is kept as one of the course's uploads (origin ai); nothing in the course changes until it is used. 503 AI_IMAGE_NOT_CONFIGURED without an image model; 409 COURSE_ARCHIVED; 422 AI_IMAGE_REFUSED when the image model refuses the picture (e.g. its content policy); 502 when it sends no picture (${who})`,
        params: ZIdParams,
        body: ZDrawImageRequest,
        response: { 201: ZCourseImage, ...aiErrors, 422: aiErrors[400] },
      },
    },
    async (request, reply) => {
      const image = await media.draw(requireAuth(request).user, request.params.id, request.body, clientSignal(request, reply));
      return reply.code(201).send(image);
    },
  );

  app.patch(
    '/api/course-creator/courses/:id/images/:imageId',
    {
      schema: {
        tags,
        summary: `Change a drawn picture's alt text; 409 COURSE_ARCHIVED (${who})`,
        params: ZCourseImageParams,
        body: ZDescribeImageRequest,
        response: { 200: ZCourseImage, ...readErrors, 409: readErrors[400] },
      },
    },
    async (request) => media.describe(requireAuth(request).user, request.params.id, request.params.imageId, request.body),
  );

  app.post(
    '/api/course-creator/courses/:id/images/:imageId/use',
    {
      schema: {
        tags,
        summary: `Use a drawn picture: a cover becomes the course's cover, a lesson's picture is appended with its alt text to the lesson's text (or a video or download lesson's notes) with a revision; a picture in use already is answered as it is. 409 COURSE_ARCHIVED, VERSION_CONFLICT (the lesson saved meanwhile: try again), MEDIA_LESSON_GONE (the lesson deleted, moved or made a quiz) (${who})`,
        params: ZCourseImageParams,
        response: { 200: ZCourseImage, ...readErrors, 409: readErrors[400] },
      },
    },
    async (request) => media.use(requireAuth(request).user, request.params.id, request.params.imageId),
  );
};
