import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../shared/schemas/common.ts';
import { ZCvrCompany, ZCvrParams } from '../../../shared/schemas/cvr.ts';
import type { CvrService } from './service.ts';

export const cvrRoutes: FastifyPluginAsyncZod<{ cvr: CvrService }> = async (app, { cvr }) => {
  app.get(
    '/api/cvr/:cvr',
    {
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
