import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../../../shared/schemas/api-keys.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db, DbHandle } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { registerSessionAuth } from '../../../http/session.ts';
import { actingThrough, AuditLog } from '../../privacy/index.ts';
import { selectUsers, toUser } from '../users/repository.ts';
import { ApiKeys, KEY_PREFIX } from './service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API key scopes that may call this route (any one of them); without it, no key may. */
    apiKey?: readonly ApiKeyScope[];
  }
}

const BEARER = new RegExp(`^Bearer\\s+(${KEY_PREFIX}\\S+)\\s*$`, 'i');

/**
 * Requests of a company's own systems: `Authorization: Bearer kursa_key_…` stands for the admin who
 * made the key, on the routes its scopes open and no others; each such route says so in /api/docs
 * (docs/decisions/061-api-keys.md). Register after the session hook, before the routes.
 */
function registerApiKeyAuth(app: FastifyInstance, db: Db): ApiKeys {
  const keys = new ApiKeys(db, new AuditLog(db, app.log));
  app.addHook('onRoute', (route) => {
    const scopes = route.config?.apiKey;
    if (!scopes || !route.schema) return;
    route.schema = {
      ...route.schema,
      security: [{ session: [] }, { apiKey: [] }],
      description: [route.schema.description, `API key scopes: ${scopes.join(', ')}.`].filter(Boolean).join('\n\n'),
    };
  });
  // A refusal is answered after the API's rate limiter has counted the request (against its
  // address): keys tried at random are held to the same ceiling as any other caller.
  const refusals = new WeakMap<FastifyRequest, unknown>();
  // A callback hook: the requests without a key, nearly all, pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const match = request.url.startsWith('/api/') ? BEARER.exec(request.headers.authorization ?? '') : null;
    // An address no route answers keeps its 404.
    if (!match || request.routeOptions.url === undefined) return done();
    attach(request, match[1]!).then(
      () => done(),
      (error: unknown) => {
        // The key decides, also when it is refused: never the browser's session instead.
        request.auth = null;
        refusals.set(request, error);
        done();
      },
    );
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const refusal = refusals.get(request);
    done(refusal === undefined ? undefined : (refusal as Error));
  });

  async function attach(request: FastifyRequest, secret: string): Promise<void> {
    const key = await keys.authenticate(secret);
    if (!key) throw new AppError('API_KEY_INVALID', 401, 'apiKeys.invalid');
    const allowed = request.routeOptions.config.apiKey;
    if (!allowed?.some((scope) => key.scopes.includes(scope))) throw new AppError('API_KEY_SCOPE', 403, 'apiKeys.outOfScope');
    const owner = await selectUsers(db).where('users.id', '=', key.ownerId).executeTakeFirst();
    if (!owner) throw new AppError('API_KEY_INVALID', 401, 'apiKeys.invalid');
    await keys.used(key);
    // The key speaks for its owner, never with a browser's session as well.
    const user: TUser = actingThrough(toUser(owner), key.label);
    request.auth = { user, sessionId: `api-key:${key.id}`, persistent: false, apiKeyId: key.id };
  }
  return keys;
}

/**
 * Who is calling, for every /api request: the browser's session (its cookie), or a company system's
 * API key. Answers the API keys, for their admins' routes.
 */
export function registerCallers(app: FastifyInstance, handle: DbHandle): ApiKeys {
  registerSessionAuth(app, handle, { select: selectUsers, toUser });
  return registerApiKeyAuth(app, handle.db);
}
