import { createSign, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { encrypt } from 'xml-encryption';
import { newSpKeys } from '../../src/server/domains/identity/sso/saml-keys.ts';

/**
 * A real SAML identity provider for tests: its own key pair and self-signed certificate, its
 * metadata, and Responses with Assertions signed (or not, or by another key) as a test asks.
 */
export interface TestIdp {
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  certificate: string;
  metadata(): string;
  /** A base64 SAMLResponse, as the provider's page posts it. */
  response(options: ResponseOptions): Promise<string>;
  /** A signed LogoutRequest by HTTP-Redirect: the query string to send to our SLO address. */
  logoutQuery(options: { nameId: string; sessionIndex?: string; destination: string }): string;
  /** A LogoutRequest by HTTP-POST, signed inside the XML (or not): the form's SAMLRequest. */
  logoutForm(options: { nameId: string; sessionIndex?: string; destination: string; sign?: boolean }): string;
}

export interface ResponseOptions {
  inResponseTo: string;
  audience: string;
  recipient: string;
  nameId: string;
  nameIdFormat?: string;
  attributes?: Record<string, string | string[]>;
  sessionIndex?: string;
  /** Where the assertion's times start (default: now). */
  issuedAt?: Date;
  /** How long the assertion may be used (default five minutes). */
  validMs?: number;
  /** Which signatures the response carries (default the assertion's). */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Sign with another key than the one in the metadata. */
  signingKey?: string;
  issuer?: string;
  /** Encrypt the assertion to this certificate (the SP's, from its metadata). */
  encryptTo?: string;
}

const ASSERTION = "//*[local-name(.)='Assertion']";
const RESPONSE = "/*[local-name(.)='Response']";
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const id = () => `_${randomBytes(16).toString('hex')}`;

/** A key pair and certificate that are not the provider's: what a forger has. */
export function otherKey(): string {
  return newSpKeys('forger.example').privateKey;
}

function sign(xml: string, key: string, nodeXpath: string, issuerXpath: string): string {
  const sig = new SignedXml({
    privateKey: key,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: nodeXpath,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: issuerXpath, action: 'after' } });
  return sig.getSignedXml();
}

function encrypted(xml: string, certificate: string): Promise<string> {
  return new Promise((resolve, reject) =>
    encrypt(
      xml,
      {
        rsa_pub: certificate,
        pem: certificate,
        encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
        keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

export function startTestIdp(baseUrl = 'https://idp.test.example'): TestIdp {
  const keys = newSpKeys(new URL(baseUrl).hostname);
  const body = keys.certificate.replace(/-----[^-]+-----|\s/g, '');
  const entityId = `${baseUrl}/saml/metadata`;
  const ssoUrl = `${baseUrl}/saml/sso`;
  const sloUrl = `${baseUrl}/saml/slo`;
  const logoutRequest = (o: { nameId: string; sessionIndex?: string; destination: string }) =>
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escape(o.destination)}"><saml:Issuer>${escape(entityId)}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(o.nameId)}</saml:NameID>${o.sessionIndex ? `<samlp:SessionIndex>${escape(o.sessionIndex)}</samlp:SessionIndex>` : ''}</samlp:LogoutRequest>`;
  return {
    entityId,
    ssoUrl,
    sloUrl,
    certificate: keys.certificate,
    metadata: () => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${sloUrl}"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`,

    async response(o) {
      const issued = o.issuedAt ?? new Date();
      const until = new Date(issued.getTime() + (o.validMs ?? 5 * 60 * 1000)).toISOString();
      const at = issued.toISOString();
      const issuer = escape(o.issuer ?? entityId);
      const attributes = Object.entries(o.attributes ?? {})
        .map(
          ([name, value]) =>
            `<saml:Attribute Name="${escape(name)}">${(Array.isArray(value) ? value : [value])
              .map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`)
              .join('')}</saml:Attribute>`,
        )
        .join('');
      let assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${at}"><saml:Issuer>${issuer}</saml:Issuer><saml:Subject><saml:NameID Format="${o.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'}">${escape(o.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${o.inResponseTo}" NotOnOrAfter="${until}" Recipient="${escape(o.recipient)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${at}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escape(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${at}" SessionIndex="${escape(o.sessionIndex ?? id())}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''}</saml:Assertion>`;
      const key = o.signingKey ?? keys.privateKey;
      const signing = o.sign ?? 'assertion';
      if (signing === 'assertion' || signing === 'both')
        assertion = sign(assertion, key, ASSERTION, "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']");
      if (o.encryptTo)
        assertion = `<saml:EncryptedAssertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${await encrypted(assertion, o.encryptTo)}</saml:EncryptedAssertion>`;
      let response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${at}" Destination="${escape(o.recipient)}" InResponseTo="${o.inResponseTo}"><saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
      if (signing === 'response' || signing === 'both')
        response = sign(response, key, RESPONSE, "/*[local-name(.)='Response']/*[local-name(.)='Issuer']");
      return Buffer.from(response).toString('base64');
    },

    logoutForm(o) {
      const xml = logoutRequest(o);
      const signed =
        o.sign === false
          ? xml
          : sign(xml, keys.privateKey, "/*[local-name(.)='LogoutRequest']", "/*[local-name(.)='LogoutRequest']/*[local-name(.)='Issuer']");
      return Buffer.from(signed).toString('base64');
    },

    logoutQuery(o) {
      const xml = logoutRequest(o);
      const signed = [
        `SAMLRequest=${encodeURIComponent(deflateRawSync(xml).toString('base64'))}`,
        `RelayState=${encodeURIComponent('back')}`,
        `SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`,
      ].join('&');
      const signature = createSign('RSA-SHA256').update(signed).sign(keys.privateKey, 'base64');
      return `${signed}&Signature=${encodeURIComponent(signature)}`;
    },
  };
}

/** What our AuthnRequest (HTTP-Redirect) says: its id and where the answer goes, and the relay state. */
export function readAuthnRequest(location: string): {
  id: string;
  relayState: string;
  acsUrl: string;
  issuer: string;
  signed: boolean;
  xml: string;
} {
  const url = new URL(location);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  return {
    id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
    acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
    issuer: /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(xml)?.[1] ?? '',
    relayState: url.searchParams.get('RelayState') ?? '',
    signed: url.searchParams.has('Signature'),
    xml,
  };
}
