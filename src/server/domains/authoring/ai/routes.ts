import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAiStatus } from '../../../../shared/schemas/ai.ts';
import type { AiStatusService } from './service.ts';

/** The AI layer's own call. */
export const aiRoutes: FastifyPluginAsyncZod<{ status: AiStatusService }> = async (app, { status }) => {
  app.get(
    '/api/ai/status',
    {
      schema: {
        tags: ['ai'],
        summary:
          "Whether an AI provider is configured (anyone; 'Setup Required' when not). A company's admin also gets the provider, each task's model and the company's token usage this month against its quota",
        response: { 200: ZAiStatus },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return status.status(request.auth?.user ?? null);
    },
  );
};
