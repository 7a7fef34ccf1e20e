import { X509Certificate, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { Db } from '../../../db/database.ts';
import type { Sealer } from '../../../security/sealed.ts';

/** Our side's key pair for SAML: it signs our requests and opens assertions encrypted to us. */
export interface SpKeys {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** A self-signed X.509 certificate of the public key, PEM: what our metadata hands the provider. */
  certificate: string;
}

const NAME = 'saml-sp-keys';
const YEARS = 20;

/**
 * A certificate's serial number, hex: a positive DER INTEGER in its shortest form. Its first byte
 * is neither 0 (a needless leading zero, which OpenSSL refuses as "illegal padding" wherever the
 * certificate is read) nor 0x80 or more (a negative number).
 */
export function serialNumber(random: Uint8Array = randomBytes(16)): string {
  const bytes = Buffer.from(random);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}

/**
 * A self-signed certificate for a key pair. Providers take a key only inside a certificate, and
 * SAML trusts it by being in the metadata, not by its issuer, so nobody needs to sign it but us
 * (docs/decisions/060-saml-sign-in.md says why node-forge builds it).
 */
export function selfSignedCertificate(
  privateKeyPem: string,
  commonName: string,
  { serial = serialNumber() }: { serial?: string } = {},
): string {
  const privateKey = forge.pki.privateKeyFromPem(createPrivateKey(privateKeyPem).export({ type: 'pkcs1', format: 'pem' }).toString());
  const publicKey = forge.pki.publicKeyFromPem(createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  const notBefore = new Date();
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = new Date(notBefore.getTime() + YEARS * 365.25 * 24 * 3600 * 1000);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }]);
  cert.sign(privateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** A new RSA key pair and its certificate. */
export function newSpKeys(commonName: string): SpKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { privateKey: pem, certificate: selfSignedCertificate(pem, commonName) };
}

/**
 * The installation's SAML key pair, made by the first instance that asks and kept in
 * installation_secrets with the private key sealed. Instances asking at once agree: the first
 * insert wins and all read it back.
 */
export async function installationSpKeys(db: Db, sealer: Sealer, commonName: string): Promise<SpKeys> {
  const existing = await db.selectFrom('installation_secrets').select('value').where('name', '=', NAME).executeTakeFirst();
  if (!existing) {
    const fresh = newSpKeys(commonName);
    const value = JSON.stringify({ key: await sealer.seal(fresh.privateKey), certificate: fresh.certificate });
    await db
      .insertInto('installation_secrets')
      .values({ name: NAME, value, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  const row = await db.selectFrom('installation_secrets').select('value').where('name', '=', NAME).executeTakeFirstOrThrow();
  const kept = JSON.parse(row.value) as { key: string; certificate: string };
  const privateKey = await sealer.open(kept.key);
  if (readable(kept.certificate)) return { privateKey, certificate: kept.certificate };
  // An older release could write a serial number with a needless leading zero, which OpenSSL will
  // not read. The key stays: a provider that kept the old certificate still encrypts to it.
  const certificate = selfSignedCertificate(privateKey, commonName);
  await db
    .updateTable('installation_secrets')
    .set({ value: JSON.stringify({ key: kept.key, certificate }) })
    .where('name', '=', NAME)
    .where('value', '=', row.value)
    .execute();
  const now = await db.selectFrom('installation_secrets').select('value').where('name', '=', NAME).executeTakeFirstOrThrow();
  return { privateKey, certificate: (JSON.parse(now.value) as { certificate: string }).certificate };
}

function readable(certificate: string): boolean {
  try {
    new X509Certificate(certificate);
    return true;
  } catch {
    return false;
  }
}
