import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/database.ts';
import { parseSigningKey, signingKeyId } from '../../../security/signing-key.ts';
import * as repo from './repository.ts';

/** Where an instance keeps the key it made at first start (when CERT_SIGNING_KEY is not given). */
export const KEY_FILE = 'certificate-signing-key.pem';

/** The key in DATA_DIR, made (mode 0600) when there is none. Two processes starting at once end up with the same one. */
async function keyFromDataDir(dataDir: string): Promise<KeyObject> {
  const file = path.join(dataDir, KEY_FILE);
  try {
    const key = parseSigningKey(await readFile(file, 'utf8'));
    if (!key)
      throw new Error(
        `${path.resolve(file)} is not an Ed25519 private key (PKCS#8 PEM). Restore it, or set CERT_SIGNING_KEY; removing it makes a new key (certificates signed with it stay valid).`,
      );
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keyFromDataDir(dataDir);
    throw error;
  }
}

/**
 * Signs certificates with this instance's Ed25519 key and verifies any certificate by the public
 * key its key_id names in the database, so every instance verifies what any other signed, and
 * certificates outlive a change of key. Public keys never change under an id, so they are cached.
 */
export class CertificateKeys {
  private readonly publicKeys = new Map<string, KeyObject>();

  private constructor(
    private readonly db: Db,
    private readonly privateKey: KeyObject,
    readonly keyId: string,
  ) {}

  static async open(db: Db, options: { configured?: KeyObject | undefined; dataDir: string }): Promise<CertificateKeys> {
    const privateKey = options.configured ?? (await keyFromDataDir(options.dataDir));
    const publicKey = createPublicKey(privateKey);
    const keyId = signingKeyId(publicKey);
    await repo.recordSigningKey(db, keyId, publicKey.export({ type: 'spki', format: 'pem' }).toString(), new Date().toISOString());
    const keys = new CertificateKeys(db, privateKey, keyId);
    keys.publicKeys.set(keyId, publicKey);
    return keys;
  }

  /** Ed25519 over the statement's bytes, base64url. */
  sign(statement: string): string {
    return sign(null, Buffer.from(statement, 'utf8'), this.privateKey).toString('base64url');
  }

  /** Whether `signature` is the signature of `statement` by the key `keyId` names; an unknown key or a malformed signature is false. */
  async verify(keyId: string, statement: string, signature: string): Promise<boolean> {
    const key = await this.publicKey(keyId);
    if (!key || !/^[A-Za-z0-9_-]+$/.test(signature)) return false;
    try {
      return verify(null, Buffer.from(statement, 'utf8'), key, Buffer.from(signature, 'base64url'));
    } catch {
      return false;
    }
  }

  /** The public key `keyId` names as SPKI PEM, checked as verify checks it; undefined when unknown or altered. */
  async publicKeyPem(keyId: string): Promise<string | undefined> {
    return (await this.publicKey(keyId))?.export({ type: 'spki', format: 'pem' }).toString();
  }

  private async publicKey(keyId: string): Promise<KeyObject | undefined> {
    const cached = this.publicKeys.get(keyId);
    if (cached) return cached;
    const pem = await repo.findSigningKey(this.db, keyId);
    if (!pem) return undefined;
    let key: KeyObject;
    try {
      key = createPublicKey(pem);
    } catch {
      return undefined;
    }
    // A key row altered in the database no longer matches its id: it verifies nothing.
    if (key.asymmetricKeyType !== 'ed25519' || signingKeyId(key) !== keyId) return undefined;
    this.publicKeys.set(keyId, key);
    return key;
  }
}
