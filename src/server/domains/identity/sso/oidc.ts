import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { ProviderIdentity } from './sign-in.ts';
import { SsoRefusal } from './sign-in.ts';

/** What Kursa keeps of a company's OpenID provider (the secret opened). */
export interface OidcConnection {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const TIMEOUT_SECONDS = 10;

/**
 * The OpenID Connect side of single sign-on, on openid-client: the authorization code flow with
 * PKCE, state and nonce, and the ID token checked for issuer, audience, expiry and signature.
 * The provider's discovery document and keys are read afresh at each sign-in, so a provider that
 * rotates its signing key is followed at the next sign-in (docs/decisions/058-single-sign-on.md).
 */
export class OidcSignIn {
  constructor(private readonly allowHttp: boolean) {}

  private options() {
    return { execute: this.allowHttp ? [client.allowInsecureRequests] : [], timeout: TIMEOUT_SECONDS };
  }

  /** The provider's configuration; a provider that cannot be read is the admin's to fix (or down). */
  async discover(connection: OidcConnection): Promise<client.Configuration> {
    const issuer = new URL(connection.issuer);
    if (issuer.protocol !== 'https:' && !this.allowHttp) throw new SsoRefusal('provider', 'the issuer is not https');
    try {
      const config = await client.discovery(issuer, connection.clientId, connection.clientSecret, undefined, this.options());
      // The ID token's signature is checked against the provider's published keys, not taken on
      // trust from the TLS connection it came over.
      client.enableNonRepudiationChecks(config);
      return config;
    } catch (error) {
      throw new SsoRefusal('provider', `discovery failed: ${(error as Error).message}`);
    }
  }

  /** Where to send the browser, with the flow's secrets to keep until it comes back. */
  async start(
    connection: OidcConnection,
    redirectUri: string,
    loginHint: string | undefined,
  ): Promise<{ url: URL; state: string; nonce: string; codeVerifier: string }> {
    const config = await this.discover(connection);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(loginHint && { login_hint: loginHint }),
    });
    return { url, state, nonce, codeVerifier };
  }

  /** The provider's answer at the callback, exchanged and checked; whom it vouches for. */
  async finish(
    connection: OidcConnection,
    callbackUrl: URL,
    flow: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<ProviderIdentity> {
    const config = await this.discover(connection);
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(
        config,
        callbackUrl,
        { expectedState: flow.state, expectedNonce: flow.nonce, pkceCodeVerifier: flow.codeVerifier, idTokenExpected: true },
        { redirect_uri: flow.redirectUri },
      );
      claims = tokens.claims();
    } catch (error) {
      throw new SsoRefusal('refused', `the provider's answer was refused: ${(error as Error).message}`);
    }
    if (!claims) throw new SsoRefusal('refused', 'no ID token');
    if (claims['email_verified'] === false) throw new SsoRefusal('refused', 'the provider has not verified the address');
    const email = text(claims['email']) ?? emailLike(text(claims['preferred_username'])) ?? emailLike(text(claims['upn']));
    const groups = Array.isArray(claims['groups']) ? claims['groups'].filter((g): g is string => typeof g === 'string') : [];
    return {
      protocol: 'oidc',
      issuer: claims.iss,
      subject: claims.sub,
      email,
      name: text(claims['name']) ?? ([text(claims['given_name']), text(claims['family_name'])].filter(Boolean).join(' ') || undefined),
      groups,
      providerSession: text(claims['sid']),
    };
  }

  /**
   * A back-channel logout token (OpenID Connect Back-Channel Logout 1.0), checked: signed by the
   * provider's keys, for this client, with the logout event and no nonce. Whose sessions end.
   */
  async logoutToken(
    connection: OidcConnection,
    token: string,
  ): Promise<{ issuer: string; jti: string; exp: number; subject?: string; sid?: string }> {
    const config = await this.discover(connection);
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) throw new SsoRefusal('provider', 'the provider publishes no keys');
    try {
      const { payload } = await jwtVerify(
        token,
        createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: TIMEOUT_SECONDS * 1000 }),
        {
          issuer: metadata.issuer,
          audience: connection.clientId,
          maxTokenAge: '5m',
        },
      );
      const events = payload['events'];
      if (typeof events !== 'object' || events === null || !(BACKCHANNEL_EVENT in events)) throw new Error('not a logout token');
      if ('nonce' in payload) throw new Error('a logout token has no nonce');
      const sid = text(payload['sid']);
      if (!payload.sub && !sid) throw new Error('the token names neither subject nor session');
      if (!payload.jti) throw new Error('the token has no jti');
      return {
        issuer: metadata.issuer,
        jti: payload.jti,
        exp: payload.exp ?? Math.floor(Date.now() / 1000) + 300,
        ...(payload.sub !== undefined && { subject: payload.sub }),
        ...(sid !== undefined && { sid }),
      };
    } catch (error) {
      if (error instanceof SsoRefusal) throw error;
      throw new SsoRefusal('refused', `logout token refused: ${(error as Error).message}`);
    }
  }

  /** The provider's end-session address for a person signing out of Kursa, where it has one. */
  async endSessionUrl(connection: OidcConnection, postLogoutRedirectUri: string): Promise<string | undefined> {
    try {
      const config = await this.discover(connection);
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(config, { client_id: connection.clientId, post_logout_redirect_uri: postLogoutRedirectUri }).href;
    } catch {
      return undefined;
    }
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function emailLike(value: string | undefined): string | undefined {
  return value && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value : undefined;
}
