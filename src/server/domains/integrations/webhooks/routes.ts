import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZOkResponse } from '../../../../shared/schemas/common.ts';
import {
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookList,
} from '../../../../shared/schemas/webhooks.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { Webhooks } from './service.ts';

const tags = ['webhooks'];
const PATH = '/api/organisation/webhooks';

/** The admins' API for the company's outgoing webhooks (docs/decisions/062-webhooks.md). */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: Webhooks }> = async (app, { webhooks }) => {
  noStoreByDefault(app);

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "The company's webhooks, newest first (admins)",
        response: { 200: ZWebhookList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ webhooks: await webhooks.list(requireAuth(request).user) }),
  );
  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'A webhook for the events chosen; its signing secret is answered this once (admins)',
        body: ZCreateWebhookRequest,
        response: { 201: ZWebhookCreated, ...errorResponses(400, 401, 402, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(requireAuth(request).user, request.body, request.ip)),
  );
  app.patch(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: "Changes a webhook's address or events, or pauses or resumes it (admins)",
        params: ZIdParams,
        body: ZUpdateWebhookRequest,
        response: { 200: ZWebhook, ...errorResponses(400, 401, 402, 403, 404) },
      },
    },
    async (request) => webhooks.update(requireAuth(request).user, request.params.id, request.body, request.ip),
  );
  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Deletes a webhook and its delivery log; nothing more is sent to it (admins)',
        params: ZIdParams,
        response: { 200: ZOkResponse, ...errorResponses(401, 402, 403, 404) },
      },
    },
    async (request) => {
      await webhooks.remove(requireAuth(request).user, request.params.id, request.ip);
      return { ok: true as const };
    },
  );
  app.get(
    `${PATH}/:id/deliveries`,
    {
      schema: {
        tags,
        summary: "A webhook's 50 latest deliveries, newest first, with the receiver's answers (admins)",
        params: ZIdParams,
        response: { 200: ZWebhookDeliveryList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ deliveries: await webhooks.deliveries(requireAuth(request).user, request.params.id) }),
  );
  app.post(
    `${PATH}/:id/test`,
    {
      schema: {
        tags,
        summary: 'Sends a webhook.test event to this webhook now and answers how the receiver took it (admins)',
        params: ZIdParams,
        response: { 201: ZWebhookDelivery, ...errorResponses(401, 402, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await webhooks.test(requireAuth(request).user, request.params.id)),
  );
  app.post(
    `${PATH}/:id/deliveries/:deliveryId/retry`,
    {
      schema: {
        tags,
        summary: 'Gives a failed delivery one more attempt now (admins)',
        params: ZWebhookDeliveryParams,
        response: { 200: ZWebhookDelivery, ...errorResponses(401, 402, 403, 404, 409) },
      },
    },
    async (request) => webhooks.retry(requireAuth(request).user, request.params.id, request.params.deliveryId),
  );
};
