import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * CERT_SIGNING_KEY: an Ed25519 private key as a PKCS#8 PEM (`openssl genpkey -algorithm ed25519`),
 * its newlines written as `\n` where a .env file wants one line, or the PEM's base64 body alone.
 * Undefined for anything else (another kind of key, a public key, garbage).
 */
export function parseSigningKey(text: string): KeyObject | undefined {
  const value = text.trim().replaceAll('\\n', '\n');
  try {
    let key: KeyObject;
    if (value.startsWith('-----BEGIN')) key = createPrivateKey(value);
    else if (/^[A-Za-z0-9+/=\s]+$/.test(value)) key = createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
    else return undefined;
    return key.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** A key's id: base64url of the first 16 bytes of SHA-256 over its public key (SPKI DER). */
export function signingKeyId(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
