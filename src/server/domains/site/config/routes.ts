import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_ACCOUNT, DEMO_LEARNER } from '../../../../shared/demo.ts';
import { ZOkResponse } from '../../../../shared/schemas/common.ts';
import { ZPublicConfig } from '../../../../shared/schemas/config.ts';
import type { Db } from '../../../db/database.ts';
import { emailExists } from '../../identity/index.ts';

export interface ConfigDeps {
  db: Db;
  seedDemo: boolean;
  cvrProvider: 'offline' | 'cvrapi';
}

export const configRoutes: FastifyPluginAsyncZod<ConfigDeps> = async (app, { db, seedDemo, cvrProvider }) => {
  app.get(
    '/api/public-config',
    {
      schema: { tags: ['config'], summary: 'What the public pages need to know about this installation', response: { 200: ZPublicConfig } },
    },
    async () => {
      // The login page offers the demo account only where it was seeded and still exists.
      const [admin, learner] = seedDemo
        ? await Promise.all([emailExists(db, DEMO_ACCOUNT.email), emailExists(db, DEMO_LEARNER.email)])
        : [false, false];
      return {
        demoAccount: admin ? { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } : null,
        demoLearner: learner ? { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password } : null,
        cvrProvider,
      };
    },
  );
};

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['config'], summary: 'Liveness and database reachability', response: { 200: ZOkResponse } } },
    async () => {
      await db.selectFrom('organisations').select('id').limit(1).execute();
      return { ok: true as const };
    },
  );
};
