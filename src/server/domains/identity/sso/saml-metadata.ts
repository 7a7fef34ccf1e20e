import { createHash, X509Certificate } from 'node:crypto';
import * as xpath from 'xpath';
import { parseXml } from '../../../security/xml.ts';

/** What Kursa keeps of an identity provider's SAML metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Where the AuthnRequest goes (HTTP-Redirect binding). */
  ssoUrl: string;
  /** Where a LogoutRequest goes (HTTP-Redirect binding), when the provider has one. */
  sloUrl: string | null;
  /** The provider's signing certificates, base64 DER bodies. */
  certificates: string[];
}

/** Metadata that is not an identity provider's, or not complete enough to sign in with. */
export class SamlMetadataError extends Error {}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

const ln = (name: string) => `*[local-name()='${name}']`;

function elements(expression: string, node: Node): Element[] {
  return (xpath.select(expression, node) as Node[]).filter((n): n is Element => n.nodeType === 1);
}

/** The provider's entity id, sign-in and logout addresses and signing certificates, read from its metadata. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  let doc: ReturnType<typeof parseXml>;
  try {
    doc = parseXml(xml);
  } catch {
    throw new SamlMetadataError('the metadata is not XML');
  }
  if (!doc.documentElement) throw new SamlMetadataError('the metadata is not XML');
  // An aggregate (EntitiesDescriptor) is taken when it holds one identity provider.
  const entities = elements(`//${ln('EntityDescriptor')}[${ln('IDPSSODescriptor')}]`, doc as unknown as Node);
  if (entities.length !== 1) throw new SamlMetadataError('the metadata has no single identity provider');
  const entity = entities[0]!;
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw new SamlMetadataError('the metadata has no entityID');
  const idp = elements(ln('IDPSSODescriptor'), entity)[0]!;

  const location = (service: string) =>
    elements(`${ln(service)}[@Binding='${REDIRECT}']`, idp)
      .map((e) => e.getAttribute('Location')?.trim() ?? '')
      .find((l) => /^https?:\/\//.test(l) && URL.canParse(l)) ?? null;
  const ssoUrl = location('SingleSignOnService');
  if (!ssoUrl) throw new SamlMetadataError('the metadata has no HTTP-Redirect SingleSignOnService');

  const certificates = elements(`${ln('KeyDescriptor')}[not(@use) or @use='signing']//${ln('X509Certificate')}`, idp).map((e) =>
    (e.textContent ?? '').replace(/\s/g, ''),
  );
  if (certificates.length === 0) throw new SamlMetadataError('the metadata has no signing certificate');
  for (const body of certificates) certificateInfo(body);
  return { entityId, ssoUrl, sloUrl: location('SingleLogoutService'), certificates: [...new Set(certificates)] };
}

/** A certificate as the settings show it: its SHA-256 fingerprint and the day it ends. */
export function certificateInfo(body: string): { fingerprint: string; notAfter: string } {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(body.replace(/-----[^-]+-----|\s/g, ''), 'base64'));
  } catch {
    throw new SamlMetadataError('a certificate cannot be read');
  }
  return { fingerprint: fingerprintOf(body), notAfter: new Date(cert.validTo).toISOString() };
}

/** A base64 DER body as PEM, as node-saml takes certificates. */
export function pemOf(body: string): string {
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** The provider's metadata read from its address: https only (unless allowed), bounded in time and size. */
export async function fetchMetadata(address: string, allowHttp: boolean): Promise<string> {
  const url = new URL(address);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    throw new SamlMetadataError('the metadata address is not https');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error', headers: { accept: 'application/xml' } });
  } catch (error) {
    throw new SamlMetadataError(`the metadata could not be read: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) throw new SamlMetadataError(`the metadata address answered ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) throw new SamlMetadataError('the metadata is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A certificate's SHA-256 fingerprint, as providers show it (upper-case hex pairs). */
export function fingerprintOf(pemBody: string): string {
  const hex = createHash('sha256')
    .update(Buffer.from(pemBody.replace(/-----[^-]+-----|\s/g, ''), 'base64'))
    .digest('hex')
    .toUpperCase();
  return hex.match(/../g)!.join(':');
}
