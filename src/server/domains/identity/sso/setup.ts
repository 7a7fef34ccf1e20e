import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { installationSecret } from '../../../security/installation-secrets.ts';
import { Sealer } from '../../../security/sealed.ts';
import { OidcSignIn } from './oidc.ts';
import { SamlSignIn } from './saml.ts';
import { SamlSettings } from './saml-settings.ts';
import { SsoService } from './service.ts';
import { SsoSettingsService } from './settings.ts';
import { SsoSignIn, type SsoGroupsPort } from './sign-in.ts';
import type { MembershipHook } from '../users/membership.ts';

/** What single sign-on needs from the app: its settings and the company's groups. */
export interface SsoOptions {
  env: { PUBLIC_URL: string; SECRETS_KEY?: string | undefined; SSO_ALLOW_HTTP_ISSUERS: boolean };
  groups: SsoGroupsPort;
  log: FastifyBaseLogger;
  /** Told when a first sign-in makes a person. */
  membership?: MembershipHook;
}

export interface Sso {
  service: SsoService;
  settings: SsoSettingsService;
  saml: SamlSignIn;
}

export function setUpSso(db: Db, options: SsoOptions, hasSecondFactor: (userId: string) => Promise<boolean>): Sso {
  const { env, log } = options;
  const sealer = new Sealer(env.SECRETS_KEY ?? installationSecret(db, 'sealed-secrets'));
  const oidc = new OidcSignIn(env.SSO_ALLOW_HTTP_ISSUERS);
  const saml = new SamlSettings(env.SSO_ALLOW_HTTP_ISSUERS);
  const samlSignIn = new SamlSignIn(db, sealer, env.PUBLIC_URL);
  const signIn = new SsoSignIn(db, options.groups, log, options.membership);
  return {
    service: new SsoService(db, sealer, oidc, samlSignIn, signIn, env.PUBLIC_URL),
    settings: new SsoSettingsService(db, sealer, oidc, saml, { publicUrl: env.PUBLIC_URL }, hasSecondFactor, log),
    saml: samlSignIn,
  };
}
