import {
  generateServiceProviderMetadata,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import type { Db } from '../../../db/database.ts';
import type { Sealer } from '../../../security/sealed.ts';
import type { ConnectionRow } from './repository.ts';
import { installationSpKeys, type SpKeys } from './saml-keys.ts';
import { pemOf } from './saml-metadata.ts';
import type { SamlStart } from './service.ts';
import { ourAddresses } from './settings.ts';
import { SsoRefusal, type ProviderIdentity } from './sign-in.ts';
import { parseXml } from '../../../security/xml.ts';

/** How far the provider's clock may be from ours. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const UNSPECIFIED_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

const EMAIL_ATTRIBUTES = [
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = ['http://schemas.microsoft.com/identity/claims/displayname', 'displayname', 'displayName', 'name'];
const GIVEN_ATTRIBUTES = ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'givenName', 'givenname', 'firstName'];
const SURNAME_ATTRIBUTES = ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'surname', 'sn', 'lastName'];
const GROUP_ATTRIBUTES = ['http://schemas.microsoft.com/ws/2008/06/identity/claims/groups', 'groups'];

/** An assertion that passed every check: whom it vouches for, and what keeps it from being used twice. */
export interface CheckedAssertion {
  identity: ProviderIdentity;
  assertionId: string;
  /** Until when the assertion could be accepted: how long it is remembered as used. */
  expiresAt: string;
}

/** A provider's logout request that passed its checks: whose sessions end, and the answer to send back. */
export interface CheckedLogout {
  subject: string;
  providerSession: string | undefined;
  /** Our LogoutResponse, at the provider's logout address; none when it has none. */
  responseUrl: string | undefined;
}

type XmlJs = { $?: Record<string, string>; _?: string; [child: string]: unknown };

/**
 * The SAML 2.0 side of single sign-on, on node-saml (docs/decisions/060-saml-sign-in.md): the
 * AuthnRequest by HTTP-Redirect, signed with our key; the response checked for a signed assertion,
 * audience, recipient, destination, times, InResponseTo and issuer; SP metadata; single logout.
 */
export class SamlSignIn implements SamlStart {
  private keys: Promise<SpKeys> | undefined;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly publicUrl: string,
  ) {}

  private spKeys(): Promise<SpKeys> {
    this.keys ??= installationSpKeys(this.db, this.sealer, new URL(this.publicUrl).hostname).catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  /** node-saml for the company's provider; `requestId` is the one request a response may answer. */
  private async client(connection: ConnectionRow, requestId?: string): Promise<SAML> {
    if (!connection.saml_entity_id || !connection.saml_sso_url || !connection.saml_certificates)
      throw new SsoRefusal('off', 'the SAML provider is not set up');
    const ours = ourAddresses(this.publicUrl, connection.organisation_id);
    const keys = await this.spKeys();
    const known: CacheProvider = {
      saveAsync: (key, value) => Promise.resolve({ value, createdAt: Date.now() }),
      getAsync: (key) => Promise.resolve(requestId !== undefined && key === requestId ? new Date().toISOString() : null),
      removeAsync: (key) => Promise.resolve(key),
    };
    return new SAML({
      issuer: ours.spEntityId,
      audience: ours.spEntityId,
      callbackUrl: ours.acsUrl,
      logoutCallbackUrl: sloAddress(this.publicUrl, connection.organisation_id),
      entryPoint: connection.saml_sso_url,
      // Without a logout address of the provider's, node-saml would send logouts to its sign-in one.
      logoutUrl: connection.saml_slo_url ?? connection.saml_sso_url,
      idpIssuer: connection.saml_entity_id,
      idpCert: connection.saml_certificates.split('\n').filter(Boolean).map(pemOf),
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      cacheProvider: known,
      privateKey: keys.privateKey,
      publicCert: keys.certificate,
      decryptionPvk: keys.privateKey,
      signatureAlgorithm: 'sha256',
      // The provider chooses the NameID's format and how the person signs in (a second factor, say).
      identifierFormat: null,
      disableRequestedAuthnContext: true,
    });
  }

  /** The AuthnRequest's address (HTTP-Redirect, signed), and the request's id the response must answer. */
  async start(connection: ConnectionRow, relayState: string): Promise<{ url: string; requestId: string }> {
    let requestId: string | undefined;
    const saml = await this.client(connection);
    saml.cacheProvider.saveAsync = (key, value) => {
      requestId = key;
      return Promise.resolve({ value, createdAt: Date.now() });
    };
    const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
    if (!requestId) throw new Error('node-saml made no request id');
    return { url, requestId };
  }

  /** The provider's SAMLResponse, checked against the request it must answer. */
  async check(connection: ConnectionRow, requestId: string, samlResponse: string): Promise<CheckedAssertion> {
    const saml = await this.client(connection, requestId);
    const ours = ourAddresses(this.publicUrl, connection.organisation_id);
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      throw new SsoRefusal(error instanceof SamlStatusError ? 'provider' : 'refused', `SAML response refused: ${(error as Error).message}`);
    }
    if (!profile?.nameID) throw new SsoRefusal('refused', 'the assertion names nobody');
    const refuse = (why: string) => new SsoRefusal('refused', why);

    const root = responseRoot(samlResponse);
    const destination = root.getAttribute('Destination');
    if (destination && destination !== ours.acsUrl) throw refuse(`the response is for ${destination}`);
    if (connection.saml_encrypted === 1 && !Array.from(root.childNodes).some((n) => (n as Element).localName === 'EncryptedAssertion'))
      throw refuse('the assertion was not encrypted to us');
    // Only the signed assertion is read from here on: profile.getAssertion is what the signature covered.
    if (profile.issuer !== connection.saml_entity_id) throw refuse(`the assertion was issued by ${profile.issuer}`);
    const assertion = (profile.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
    const assertionId = assertion?.$?.['ID'];
    if (!assertion || !assertionId) throw refuse('the assertion has no ID');
    const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').filter((c) => c.$?.['Method'] === BEARER);
    const data = confirmations.flatMap((c) => children(c, 'SubjectConfirmationData'));
    if (data.length === 0 || data.some((d) => d.$?.['Recipient'] !== ours.acsUrl)) throw refuse('the assertion is not for our ACS');
    const ends = [...data.map((d) => d.$?.['NotOnOrAfter']), ...children(assertion, 'Conditions').map((c) => c.$?.['NotOnOrAfter'])].filter(
      (t): t is string => typeof t === 'string' && !Number.isNaN(Date.parse(t)),
    );
    if (ends.length === 0) throw refuse('the assertion never expires');
    const expiresAt = new Date(Math.max(...ends.map((t) => Date.parse(t))) + CLOCK_SKEW_MS).toISOString();

    const email = (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : undefined) ?? firstOf(profile, EMAIL_ATTRIBUTES);
    const given = [firstOf(profile, GIVEN_ATTRIBUTES), firstOf(profile, SURNAME_ATTRIBUTES)].filter(Boolean).join(' ');
    return {
      assertionId,
      expiresAt,
      identity: {
        protocol: 'saml',
        issuer: connection.saml_entity_id!,
        subject: profile.nameID,
        email,
        name: firstOf(profile, NAME_ATTRIBUTES) ?? (given || undefined),
        groups: GROUP_ATTRIBUTES.flatMap((a) => valuesOf(profile, a)),
        providerSession: profile.sessionIndex,
      },
    };
  }

  /**
   * A provider's LogoutRequest, by HTTP-Redirect (`query` and the raw query string) or HTTP-POST
   * (`form`); it must be signed by the provider, whichever way it came.
   */
  async logoutRequest(
    connection: ConnectionRow,
    message: { query: Record<string, string>; rawQuery: string } | { form: Record<string, string> },
  ): Promise<CheckedLogout> {
    const saml = await this.client(connection);
    let profile: Profile | null;
    let relayState: string | undefined;
    try {
      if ('query' in message) {
        // node-saml lets an unsigned redirect through; the provider's word must be signed.
        if (!message.query['Signature'] || !message.query['SigAlg']) throw new Error('the logout request is not signed');
        relayState = message.query['RelayState'];
        ({ profile } = await saml.validateRedirectAsync(message.query, message.rawQuery));
      } else {
        relayState = message.form['RelayState'];
        ({ profile } = await saml.validatePostRequestAsync(message.form));
      }
    } catch (error) {
      throw new SsoRefusal('refused', `logout request refused: ${(error as Error).message}`);
    }
    if (!profile?.nameID || profile.issuer !== connection.saml_entity_id)
      throw new SsoRefusal('refused', 'not a logout request of the provider');
    const responseUrl = connection.saml_slo_url ? await saml.getLogoutResponseUrlAsync(profile, relayState ?? '', {}, true) : undefined;
    return { subject: profile.nameID, providerSession: profile.sessionIndex, responseUrl };
  }

  /** Where to send a person logging out of a SAML session: the provider's logout, with our signed LogoutRequest. */
  async logoutUrl(connection: ConnectionRow, session: { subject: string; providerSession: string | null }): Promise<string | undefined> {
    if (!connection.saml_slo_url || !connection.saml_entity_id) return undefined;
    const saml = await this.client(connection);
    return saml.getLogoutUrlAsync(
      {
        issuer: connection.saml_entity_id,
        nameID: session.subject,
        nameIDFormat: UNSPECIFIED_FORMAT,
        ...(session.providerSession !== null && { sessionIndex: session.providerSession }),
      },
      '',
      {},
    );
  }

  /** Our SP metadata for the company: entity id, ACS, logout, our signing key, and our encryption key when asked for. */
  async spMetadata(organisationId: string, encrypted: boolean): Promise<string> {
    const ours = ourAddresses(this.publicUrl, organisationId);
    const keys = await this.spKeys();
    return generateServiceProviderMetadata({
      issuer: ours.spEntityId,
      callbackUrl: ours.acsUrl,
      logoutCallbackUrl: sloAddress(this.publicUrl, organisationId),
      identifierFormat: null,
      wantAssertionsSigned: true,
      privateKey: keys.privateKey,
      publicCerts: keys.certificate,
      ...(encrypted && { decryptionPvk: keys.privateKey, decryptionCert: keys.certificate }),
    });
  }
}

/** Where the company's provider sends its logout requests. */
export function sloAddress(publicUrl: string, organisationId: string): string {
  return `${publicUrl}/api/auth/saml/slo/${organisationId}`;
}

function responseRoot(samlResponse: string): Element {
  return parseXml(Buffer.from(samlResponse, 'base64').toString('utf8')).documentElement as unknown as Element;
}

function children(node: XmlJs | undefined, name: string): XmlJs[] {
  const value = node?.[name];
  return Array.isArray(value) ? (value as XmlJs[]) : [];
}

function valuesOf(profile: Profile, attribute: string): string[] {
  const value = (profile['attributes'] as Record<string, unknown> | undefined)?.[attribute];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

function firstOf(profile: Profile, attributes: readonly string[]): string | undefined {
  for (const attribute of attributes) {
    const [value] = valuesOf(profile, attribute);
    if (value) return value;
  }
  return undefined;
}
