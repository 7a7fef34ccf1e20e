import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSiteStats, ZTestimonials } from '../../../../shared/schemas/site-stats.ts';
import { SITE_STATS_TTL_MS, type SiteStatsService } from './service.ts';

/** The landing page's stats block, for anyone. */
export const siteStatsRoutes: FastifyPluginAsyncZod<{ siteStats: SiteStatsService }> = async (app, { siteStats }) => {
  app.get(
    '/api/site-stats',
    {
      schema: {
        tags: ['site'],
        summary:
          "This installation's figures for the landing page (anyone): courses created, active learners, completion rate, average rating; counted at most once a minute",
        response: { 200: ZSiteStats },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${SITE_STATS_TTL_MS / 1000}`);
      return siteStats.stats();
    },
  );

  app.get(
    '/api/testimonials',
    {
      schema: {
        tags: ['site'],
        summary:
          "The pricing page's quotes (anyone): up to 3 reviews of public courses rated 4 or 5, whose writers agreed to be quoted with their first name and company",
        response: { 200: ZTestimonials },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return siteStats.testimonials();
    },
  );
};
