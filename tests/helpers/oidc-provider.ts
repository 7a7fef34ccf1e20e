import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/** A person the test provider signs in, with the claims it vouches for. */
export interface TestAccount {
  sub: string;
  email: string;
  name: string;
  groups?: string[];
  emailVerified?: boolean;
}

/** Changes the provider's ID token before it leaves the token endpoint: a claim, or the key it is signed with. */
export type Tamper = (claims: JWTPayload) => { claims: JWTPayload; key?: 'other' };

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The next interaction signs this person in. */
  signInAs(account: TestAccount): void;
  /** The next token response's ID token is changed (once). */
  tamper(change: Tamper): void;
  /** A new signing key replaces the old one, which leaves the published keys. */
  rotateKeys(): Promise<void>;
  /** The kid the provider signs with now. */
  currentKid(): string;
  /** A back-channel logout token as the provider makes one, signed with its key (or another). */
  logoutToken(claims: JWTPayload, key?: 'other'): Promise<string>;
  close(): Promise<void>;
}

interface KeyPair {
  kid: string;
  privateJwk: JWK;
}

let kids = 0;
async function newKey(): Promise<KeyPair> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `test-key-${++kids}`;
  return { kid, privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * A real OpenID provider (the oidc-provider package) on a local port, for the tests of our
 * client: discovery, the authorization code flow with PKCE, signed ID tokens, published keys.
 * Its login and consent pages are replaced by an interaction that signs in whoever the test named.
 */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const clientId = 'kursa-test-client';
  const clientSecret = 'kursa-test-secret-0123456789abcdef';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  let pendingTamper: Tamper | undefined;
  let key = await newKey();
  const otherKey = await newKey();

  const build = (signing: KeyPair) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signing.privateJwk] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account
          ? {
              accountId: sub,
              claims: () => ({
                sub,
                email: account.email,
                email_verified: account.emailVerified ?? true,
                name: account.name,
                ...(account.groups && { groups: account.groups }),
              }),
            }
          : undefined;
      },
    });
    provider.use(async (ctx, nextMiddleware) => {
      await nextMiddleware();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === '/token' && pendingTamper && body?.id_token) {
        const change = pendingTamper;
        pendingTamper = undefined;
        const { claims, key: which } = change(decodeJwt(body.id_token));
        ctx.body = { ...body, id_token: await sign(claims, which === 'other' ? otherKey : key) };
      }
    });
    return provider;
  };

  const sign = async (claims: JWTPayload, signing: KeyPair) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: signing.kid }).sign(await importJWK(signing.privateJwk, 'RS256'));

  let provider = build(key);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) void interact(provider, req, res);
    else provider.callback()(req, res);
  });

  async function interact(current: Provider, req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await current.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (!next) throw new Error('the test named no one to sign in');
        accounts.set(next.sub, next);
        await current.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new current.Grant({ accountId: details.session!.accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await current.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      next = account;
    },
    tamper: (change) => {
      pendingTamper = change;
    },
    rotateKeys: async () => {
      key = await newKey();
      provider = build(key);
    },
    currentKid: () => key.kid,
    logoutToken: (claims, which) => sign(claims, which === 'other' ? otherKey : key),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
