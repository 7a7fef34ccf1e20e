import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreatorFigures } from '../../../../shared/schemas/creator-figures.ts';
import type { CreatorFiguresService } from './service.ts';

/** The public creator page's hero figures. */
export const creatorFiguresRoutes: FastifyPluginAsyncZod<{ figures: CreatorFiguresService }> = async (app, { figures }) => {
  app.get(
    '/api/course-creator/figures',
    {
      schema: {
        tags: ['course-creator'],
        summary:
          'The AI course creator’s figures on this installation (anyone): courses AI worked on, AI runs and their success rate, the provider and model answering, the course languages',
        response: { 200: ZCreatorFigures },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return figures.figures();
    },
  );
};
