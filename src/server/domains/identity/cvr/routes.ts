import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMIT } from '../../../../shared/constants.ts';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { ZCvrCompany, ZCvrParams } from '../../../../shared/schemas/cvr.ts';
import type { CvrService } from './service.ts';

export const cvrRoutes: FastifyPluginAsyncZod<{ cvr: CvrService }> = async (app, { cvr }) => {
  app.get(
    '/api/cvr/:cvr',
    {
      // Public (registration needs it) and the live registry allows 50 look-ups a day, so one
      // client may not spend them all; cached answers count too, which keeps the rule simple.
      config: { rateLimit: { max: RATE_LIMIT.cvrLookupsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags: ['cvr'],
        summary: 'Look up a Danish company by CVR number',
        params: ZCvrParams,
        response: { 200: ZCvrCompany, 400: ZErrorResponse, 404: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request) => cvr.find(request.params.cvr),
  );
};
