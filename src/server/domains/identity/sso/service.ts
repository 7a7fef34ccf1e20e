import { createHash, randomBytes } from 'node:crypto';
import type { TSsoLookup } from '../../../../shared/schemas/sso.ts';
import type { Db } from '../../../db/database.ts';
import type { Sealer } from '../../../security/sealed.ts';
import { deleteSession } from '../../../http/session-store.ts';
import type { OidcConnection, OidcSignIn } from './oidc.ts';
import * as repo from './repository.ts';
import { connectionForEmail, singleSignOnRequired } from './required.ts';
import { ourAddresses } from './settings.ts';
import { SsoRefusal, type ProviderIdentity, type SsoSignIn } from './sign-in.ts';

/** A sign-in at the provider may take this long before it comes back. */
const FLOW_MS = 10 * 60 * 1000;

export const flowId = (state: string) => createHash('sha256').update(state).digest('hex');

/** How a SAML sign-in starts (saml.ts): the address to send the browser to, and the request's id to keep; and its logout. */
export interface SamlStart {
  start(connection: repo.ConnectionRow, relayState: string): Promise<{ url: string; requestId: string }>;
  logoutUrl(connection: repo.ConnectionRow, session: { subject: string; providerSession: string | null }): Promise<string | undefined>;
}

/** A sign-in that came back and was accepted: whom to start a session for, and where they go. */
export interface SsoSignedIn {
  userId: string;
  organisationId: string;
  remember: boolean;
  next: string | null;
  identity: ProviderIdentity;
}

/**
 * Single sign-on's flows (docs/decisions/058-single-sign-on.md): which addresses go to a provider,
 * sending people there, taking them back, and the provider's logout.
 */
export class SsoService {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly oidc: OidcSignIn,
    private readonly saml: SamlStart,
    private readonly signIn: SsoSignIn,
    private readonly publicUrl: string,
  ) {}

  /** The company whose provider an address goes to, when its domain is verified and single sign-on is on. */
  connectionForEmail(email: string): Promise<repo.ConnectionRow | undefined> {
    return connectionForEmail(this.db, email);
  }

  /** GET /api/auth/sso/lookup: what the login page does with an address. It says nothing of any one person. */
  async lookup(email: string): Promise<TSsoLookup> {
    const connection = await this.connectionForEmail(email);
    return connection
      ? { sso: true, required: connection.required === 1, provider: connection.provider }
      : { sso: false, required: false, provider: null };
  }

  /** Whether Kursa's own credentials are refused for the person (required.ts). */
  passwordRefused(userId: string): Promise<boolean> {
    return singleSignOnRequired(this.db, userId);
  }

  /** The company's enabled provider, or a refusal the login page explains. */
  async connectionOfCompany(organisationId: string): Promise<repo.ConnectionRow> {
    const connection = await repo.connectionOf(this.db, organisationId);
    if (connection?.enabled !== 1) throw new SsoRefusal('off', 'single sign-on is off for the company');
    return connection;
  }

  /** Where to send the browser to sign in at the company's provider. */
  async start(
    connection: repo.ConnectionRow,
    options: { email?: string | undefined; next: string | null; remember: boolean },
  ): Promise<string> {
    const now = new Date();
    const base = {
      organisation_id: connection.organisation_id,
      protocol: connection.protocol,
      next: options.next,
      remember: options.remember ? 1 : 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + FLOW_MS).toISOString(),
    };
    if (connection.protocol === 'saml') {
      const relayState = randomBytes(24).toString('base64url');
      const { url, requestId } = await this.saml.start(connection, relayState);
      await repo.insertFlow(this.db, { ...base, id: flowId(relayState), nonce: null, code_verifier: null, request_id: requestId });
      return url;
    }
    const { redirectUri } = ourAddresses(this.publicUrl, connection.organisation_id);
    const started = await this.oidc.start(await this.oidcConnection(connection), redirectUri, options.email);
    await repo.insertFlow(this.db, {
      ...base,
      id: flowId(started.state),
      nonce: started.nonce,
      code_verifier: started.codeVerifier,
      request_id: null,
    });
    return started.url.href;
  }

  /** GET /api/auth/oidc/callback: the provider's answer, checked, and the person it vouches for. */
  async finishOidc(callbackUrl: URL, ip: string): Promise<SsoSignedIn> {
    const state = callbackUrl.searchParams.get('state');
    const flow = state ? await repo.takeFlow(this.db, flowId(state), new Date()) : undefined;
    if (!flow || flow.protocol !== 'oidc' || !state || !flow.nonce || !flow.code_verifier)
      throw new SsoRefusal('expired', 'no such sign-in');
    if (callbackUrl.searchParams.has('error'))
      throw new SsoRefusal('provider', `the provider said ${callbackUrl.searchParams.get('error')}`);
    const connection = await this.connectionOfCompany(flow.organisation_id);
    if (connection.protocol !== 'oidc') throw new SsoRefusal('expired', 'the company changed its provider');
    const { redirectUri } = ourAddresses(this.publicUrl, connection.organisation_id);
    const identity = await this.oidc.finish(await this.oidcConnection(connection), callbackUrl, {
      state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
      redirectUri,
    });
    return this.accept(flow, identity, ip);
  }

  /** A checked answer of either protocol, for the flow it answers. */
  async accept(
    flow: { organisation_id: string; remember: number; next: string | null },
    identity: ProviderIdentity,
    ip: string,
  ): Promise<SsoSignedIn> {
    const userId = await this.signIn.person(flow.organisation_id, identity, ip);
    return { userId, organisationId: flow.organisation_id, remember: flow.remember === 1, next: flow.next, identity };
  }

  /** Notes the provider's session a Kursa session came from, so the provider's logout can end it. */
  async linkSession(sessionId: string, signedIn: SsoSignedIn): Promise<void> {
    await repo.insertSsoSession(this.db, {
      session_id: sessionId,
      organisation_id: signedIn.organisationId,
      user_id: signedIn.userId,
      protocol: signedIn.identity.protocol,
      issuer: signedIn.identity.issuer,
      subject: signedIn.identity.subject,
      provider_session: signedIn.identity.providerSession ?? null,
      created_at: new Date().toISOString(),
    });
  }

  /** POST /api/auth/oidc/backchannel-logout/:org: the provider's signed word that a session ended; how many of ours ended with it. */
  async backChannelLogout(organisationId: string, token: string): Promise<number> {
    const connection = await this.connectionOfCompany(organisationId);
    if (connection.protocol !== 'oidc') throw new SsoRefusal('off', 'the company signs in by SAML');
    const checked = await this.oidc.logoutToken(await this.oidcConnection(connection), token);
    const fresh = await repo.firstSighting(
      this.db,
      organisationId,
      `oidc-logout:${checked.issuer}:${checked.jti}`,
      new Date(checked.exp * 1000).toISOString(),
      new Date(),
    );
    if (!fresh) throw new SsoRefusal('refused', 'the logout token was used before');
    return this.endSessions(organisationId, checked.issuer, { subject: checked.subject, providerSession: checked.sid });
  }

  /** Ends the Kursa sessions that came from a provider's session (or from all of a subject's). */
  async endSessions(
    organisationId: string,
    issuer: string,
    match: { subject?: string | undefined; providerSession?: string | undefined },
  ): Promise<number> {
    if (match.subject === undefined && match.providerSession === undefined) return 0;
    const sessions = await repo.sessionsFromProvider(this.db, organisationId, issuer, match);
    for (const s of sessions) await deleteSession(this.db, s.session_id);
    return sessions.length;
  }

  /** The issuer of the company's OpenID provider, as its tokens name it (for a front-channel logout's `iss`). */
  async oidcIssuer(organisationId: string): Promise<string | undefined> {
    const connection = await repo.connectionOf(this.db, organisationId);
    return connection?.protocol === 'oidc' ? (connection.oidc_issuer ?? undefined) : undefined;
  }

  /** Where the browser goes after a person of a single sign-on session logs out: the provider's own logout, where it has one. */
  async providerLogoutUrl(sessionId: string): Promise<string | undefined> {
    const link = await this.db
      .selectFrom('sso_sessions')
      .select(['organisation_id', 'protocol', 'subject', 'provider_session'])
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (!link) return undefined;
    const connection = await repo.connectionOf(this.db, link.organisation_id);
    if (link.protocol === 'saml') {
      if (connection?.enabled !== 1 || connection.protocol !== 'saml') return undefined;
      return this.saml.logoutUrl(connection, { subject: link.subject, providerSession: link.provider_session }).catch(() => undefined);
    }
    if (link.protocol !== 'oidc') return undefined;
    if (connection?.enabled !== 1 || connection.protocol !== 'oidc') return undefined;
    return this.oidc.endSessionUrl(await this.oidcConnection(connection), `${this.publicUrl}/login`);
  }

  private async oidcConnection(connection: repo.ConnectionRow): Promise<OidcConnection> {
    if (!connection.oidc_issuer || !connection.oidc_client_id || !connection.oidc_client_secret)
      throw new SsoRefusal('off', 'the provider is not set up');
    return {
      issuer: connection.oidc_issuer,
      clientId: connection.oidc_client_id,
      clientSecret: await this.sealer.open(connection.oidc_client_secret),
    };
  }
}
