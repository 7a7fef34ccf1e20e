import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import type { TSsoError } from '../../../../shared/sso.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import * as repo from './repository.ts';
import type { SamlSignIn } from './saml.ts';
import { flowId, type SsoService, type SsoSignedIn } from './service.ts';
import { SsoRefusal } from './sign-in.ts';

export interface SamlRouteDeps {
  db: Db;
  sso: SsoService;
  saml: SamlSignIn;
  publicUrl: string;
  /** Starts the session of a person the provider vouched for; where they land (routes.ts's sessionFor). */
  signInWith: (signedIn: SsoSignedIn, request: FastifyRequest, reply: FastifyReply) => Promise<string>;
}

const tags = ['sso'];
const E = ZErrorResponse;
const ZOrg = z.object({ org: z.string().max(64) });
/** Large enough for an encrypted assertion with many groups; far below anything that strains us. */
const RESPONSE_LIMIT = 512 * 1024;
const ZSamlMessage = z.object({
  SAMLRequest: z.string().max(RESPONSE_LIMIT).optional(),
  SAMLResponse: z.string().max(RESPONSE_LIMIT).optional(),
  RelayState: z.string().max(1000).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(2000).optional(),
});

/**
 * SAML 2.0 sign-in and logout (docs/decisions/060-saml-sign-in.md): our metadata, the assertion
 * consumer service the provider's page posts to, and single logout. Registered inside ssoRoutes,
 * whose form parser reads the provider's posts.
 */
export const samlRoutes: FastifyPluginAsyncZod<SamlRouteDeps> = async (app, deps) => {
  const { db, sso, saml } = deps;
  const refused = (code: TSsoError) => `${deps.publicUrl}/login?sso_error=${code}`;

  app.get(
    '/api/auth/saml/metadata/:org',
    {
      schema: {
        tags,
        summary:
          "Our SAML service provider metadata for the company, to give its identity provider: entity id, assertion consumer service (HTTP-POST), single logout, our signing certificate, and our encryption certificate when the company's assertions are to be encrypted",
        params: ZOrg,
        response: { 200: z.string(), 404: E },
      },
    },
    async (request, reply) => {
      const org = await db.selectFrom('organisations').select('id').where('id', '=', request.params.org).executeTakeFirst();
      if (!org) throw new AppError('NOT_FOUND', 404, 'sso.samlUnknownCompany');
      const connection = await repo.connectionOf(db, org.id);
      const xml = await saml.spMetadata(org.id, connection?.saml_encrypted === 1);
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
    },
  );

  app.post(
    '/api/auth/saml/acs',
    {
      config: { crossSitePost: true },
      bodyLimit: RESPONSE_LIMIT + 4096,
      schema: {
        tags,
        summary:
          "The assertion consumer service: the identity provider's page posts the SAMLResponse and RelayState here. The assertion must be signed by the provider, for us (audience, recipient, destination), in time, in answer to our request (used once), and not seen before; the person is found or made and logged in (303 to where they land). A refusal goes back to /login?sso_error=…",
        body: ZSamlMessage,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const { SAMLResponse, RelayState } = request.body;
      try {
        const flow = RelayState ? await repo.takeFlow(db, flowId(RelayState), new Date()) : undefined;
        if (!flow || flow.protocol !== 'saml' || !flow.request_id) throw new SsoRefusal('expired', 'no such sign-in');
        if (!SAMLResponse) throw new SsoRefusal('refused', 'no SAMLResponse');
        const connection = await sso.connectionOfCompany(flow.organisation_id);
        if (connection.protocol !== 'saml') throw new SsoRefusal('expired', 'the company changed its provider');
        const checked = await saml.check(connection, flow.request_id, SAMLResponse);
        const fresh = await repo.firstSighting(db, flow.organisation_id, `saml:${checked.assertionId}`, checked.expiresAt, new Date());
        if (!fresh) throw new SsoRefusal('refused', 'the assertion was used before');
        const signedIn = await sso.accept(flow, checked.identity, request.ip);
        return reply.redirect(await deps.signInWith(signedIn, request, reply), 303);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        request.log.warn({ reason: error.message, code: error.code }, 'a SAML sign-in was refused');
        return reply.redirect(refused(error.code), 303);
      }
    },
  );

  /** The provider's LogoutRequest ends our sessions from its session; its LogoutResponse to ours goes on to the login page. */
  const logout = async (
    org: string,
    message: z.infer<typeof ZSamlMessage>,
    rawQuery: string | undefined,
    reply: FastifyReply,
    log: FastifyRequest['log'],
  ) => {
    const connection = await repo.connectionOf(db, org);
    if (connection?.protocol !== 'saml' || !connection.saml_entity_id) throw new AppError('NOT_FOUND', 404, 'sso.samlUnknownCompany');
    if (message.SAMLResponse && !message.SAMLRequest) return reply.redirect(`${deps.publicUrl}/login`, 303);
    if (!message.SAMLRequest) throw new AppError('LOGOUT_REQUEST_REFUSED', 400, 'sso.logoutRefused');
    const fields = Object.fromEntries(Object.entries(message).filter((e): e is [string, string] => e[1] !== undefined));
    try {
      const checked = await saml.logoutRequest(connection, rawQuery === undefined ? { form: fields } : { query: fields, rawQuery });
      await sso.endSessions(org, connection.saml_entity_id, { subject: checked.subject, providerSession: checked.providerSession });
      if (checked.responseUrl) return reply.redirect(checked.responseUrl, 303);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'")
        .send('<!doctype html><title>Logged out</title>');
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      log.warn({ reason: error.message }, 'a SAML logout request was refused');
      throw new AppError('LOGOUT_REQUEST_REFUSED', 400, 'sso.logoutRefused');
    }
  };

  const sloSummary =
    "SAML single logout (HTTP-Redirect or HTTP-POST binding): the provider's signed LogoutRequest ends the Kursa sessions from its session (NameID and SessionIndex) and is answered with our signed LogoutResponse; the provider's LogoutResponse to our request goes on to the login page";

  app.get(
    '/api/auth/saml/slo/:org',
    {
      schema: {
        tags,
        summary: sloSummary,
        params: ZOrg,
        querystring: ZSamlMessage,
        response: { 200: z.string(), 303: z.null(), 400: E, 404: E },
      },
    },
    async (request, reply) => logout(request.params.org, request.query, request.url.split('?')[1] ?? '', reply, request.log),
  );

  app.post(
    '/api/auth/saml/slo/:org',
    {
      config: { crossSitePost: true },
      bodyLimit: RESPONSE_LIMIT + 4096,
      schema: { tags, summary: sloSummary, params: ZOrg, body: ZSamlMessage, response: { 200: z.string(), 303: z.null(), 400: E, 404: E } },
    },
    async (request, reply) => logout(request.params.org, request.body, undefined, reply, request.log),
  );
};
