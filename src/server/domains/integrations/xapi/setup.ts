import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { Sealer } from '../../../security/sealed.ts';
import { AuditLog } from '../../privacy/index.ts';
import { XapiSender } from './sender.ts';
import { Xapi } from './service.ts';
import { XapiStatements } from './told.ts';

export interface XapiEnv {
  PUBLIC_URL: string;
  OUTBOUND_ALLOW_PRIVATE_URLS: boolean;
  OUTBOUND_RETRY_MS: number;
  XAPI_ENDPOINT?: string | undefined;
  XAPI_USERNAME?: string | undefined;
  XAPI_PASSWORD?: string | undefined;
}

/** xAPI for the app: the admins' service, the statements the domains tell, and the sender, started with the app and stopped before the database closes. */
export function setUpXapi(app: FastifyInstance, db: Db, sealer: Sealer, env: XapiEnv): { xapi: Xapi; statements: XapiStatements } {
  const installation = env.XAPI_ENDPOINT
    ? { endpoint: env.XAPI_ENDPOINT, username: env.XAPI_USERNAME, password: env.XAPI_PASSWORD }
    : undefined;
  const allowPrivate = env.OUTBOUND_ALLOW_PRIVATE_URLS;
  const sender = new XapiSender({ db, sealer, log: app.log, allowPrivate, retryMs: env.OUTBOUND_RETRY_MS, installation });
  app.addHook('onReady', async () => sender.start());
  app.addHook('preClose', async () => sender.stop());
  const options = { allowPrivate, installationEndpoint: installation !== undefined, publicUrl: env.PUBLIC_URL };
  return {
    xapi: new Xapi(db, sealer, new AuditLog(db, app.log), sender, options),
    statements: new XapiStatements(db, env.PUBLIC_URL, installation !== undefined, app.log, () => sender.wake()),
  };
}
