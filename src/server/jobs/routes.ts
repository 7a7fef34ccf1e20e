import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../shared/schemas/common.ts';
import { ZJob, ZJobEventsQuery, ZJobEventStream, ZJobParams, ZJobStepParams } from '../../shared/schemas/jobs.ts';
import { AppError } from '../http/errors.ts';
import { onStopping } from '../http/graceful-stop.ts';
import { requestLanguage } from '../http/language.ts';
import { requireAuth } from '../http/session.ts';
import type { JobEventStreams } from './event-streams.ts';
import type { JobsService } from './service.ts';
import { noStoreByDefault } from '../http/route-helpers.ts';

const tags = ['jobs'];
const E = ZErrorResponse;

/** The Last-Event-ID header, else ?lastEventId=, else 0 (everything). */
function lastEventId(header: string | string[] | undefined, query: number | undefined): number {
  if (header === undefined) return query ?? 0;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) throw new AppError('BAD_LAST_EVENT_ID', 400, 'jobs.badLastEventId');
  return Number(value.trim());
}

/** Following, cancelling and retrying durable generation jobs. Jobs are created by code, not here. */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobsService; streams: JobEventStreams }> = async (app, { jobs, streams }) => {
  noStoreByDefault(app);
  // Open event streams end when the app stops (a graceful stop, or close()), not at its deadline.
  onStopping(app, () => streams.closeAll());
  app.addHook('preClose', async () => streams.closeAll());

  app.get(
    '/api/jobs/:id',
    {
      schema: {
        tags,
        summary: "A job with its steps in plan order (the job's company's admins and whoever started it; others 404)",
        params: ZJobParams,
        response: { 200: ZJob, 400: E, 401: E, 404: E },
      },
    },
    async (request) => jobs.get(requireAuth(request).user, request.params.id, requestLanguage(request)),
  );

  app.post(
    '/api/jobs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a job: a queued one at once, a running one within a heartbeat (its running steps are aborted); a finished one 409',
        params: ZJobParams,
        response: { 200: ZJob, 400: E, 401: E, 404: E, 409: E },
      },
    },
    async (request) => jobs.cancel(requireAuth(request).user, request.params.id, requestLanguage(request)),
  );

  app.post(
    '/api/jobs/:id/steps/:key/retry',
    {
      schema: {
        tags,
        summary: 'Retry one failed step alone (done steps are not run again); a step that has not failed, or a cancelled job, 409',
        params: ZJobStepParams,
        response: { 200: ZJob, 400: E, 401: E, 404: E, 409: E },
      },
    },
    async (request) => jobs.retryStep(requireAuth(request).user, request.params.id, request.params.key, requestLanguage(request)),
  );

  app.get(
    '/api/jobs/:id/events',
    {
      schema: {
        tags,
        summary:
          "The job's progress as Server-Sent Events: replay after Last-Event-ID (header or ?lastEventId=), then live events and heartbeats, until it has finished",
        params: ZJobParams,
        querystring: ZJobEventsQuery,
        produces: ['text/event-stream'],
        response: { 200: ZJobEventStream, 400: E, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const after = lastEventId(request.headers['last-event-id'], request.query.lastEventId);
      await jobs.assertVisible(user, request.params.id);
      const { body, end } = streams.stream(request.params.id, after, requestLanguage(request));
      reply.raw.once('close', end);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
  );
};
