import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSaveXapiRequest, ZXapiRetried, ZXapiSettings, ZXapiTestResult } from '../../../../shared/schemas/xapi.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { Xapi } from './service.ts';

const tags = ['xapi'];
const PATH = '/api/organisation/xapi';

/** The admins' API for the company's learning record store (docs/decisions/063-xapi.md). */
export const xapiRoutes: FastifyPluginAsyncZod<{ xapi: Xapi }> = async (app, { xapi }) => {
  noStoreByDefault(app);

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "The company's learning record store and how sending statements to it goes (admins)",
        response: { 200: ZXapiSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => xapi.get(requireAuth(request).user),
  );
  app.put(
    PATH,
    {
      schema: {
        tags,
        summary: "Sets the company's learning record store: its xAPI endpoint and Basic credentials (admins)",
        body: ZSaveXapiRequest,
        response: { 200: ZXapiSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => xapi.save(requireAuth(request).user, request.body, request.ip),
  );
  app.delete(
    PATH,
    {
      schema: {
        tags,
        summary: "Removes the company's learning record store; nothing more is sent to it (admins)",
        response: { 200: ZXapiSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => xapi.remove(requireAuth(request).user, request.ip),
  );
  app.post(
    `${PATH}/test`,
    {
      schema: {
        tags,
        summary: 'Sends a test statement to the LRS in use now and answers how it took it (admins)',
        response: { 200: ZXapiTestResult, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => xapi.test(requireAuth(request).user),
  );
  app.post(
    `${PATH}/retry`,
    {
      schema: {
        tags,
        summary: "Queues the company's failed statements for a new round of attempts (admins)",
        response: { 200: ZXapiRetried, ...errorResponses(401, 403) },
      },
    },
    async (request) => xapi.retry(requireAuth(request).user),
  );
};
