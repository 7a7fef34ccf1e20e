import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RATE_LIMIT, SESSION } from '../../shared/constants.ts';

/** The OpenAPI description of every route registered after this, served at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Kursa API',
        version: '1',
        description: [
          'The JSON API behind the Kursa web app.',
          "A company's own systems (HR, BI) call it with an API key an admin makes under Settings → API keys: " +
            '`Authorization: Bearer kursa_key_…`. A key acts with the rights of the admin who made it, on the routes ' +
            'its scopes open (each says which in its description): `reports:read` (the reports, and the people, groups, courses and paths they name), ' +
            '`people:manage` (invitations, roles, deactivation, group members), `enrolments:manage` (assigning courses and paths). ' +
            `Any other route answers a key 403, an unknown or revoked key 401; a key has ${RATE_LIMIT.perApiKeyPerMinute} requests a minute.`,
        ].join('\n\n'),
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION.cookieName, description: "The web app's login session" },
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: kursa_key_…' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
