import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets Kursa must send on (an identity provider's client secret) kept encrypted at rest with
 * AES-256-GCM, so a copy of the database alone does not hand them out. The key is SECRETS_KEY, or
 * where none is set one the installation made and keeps (docs/decisions/058-single-sign-on.md).
 * A sealed value reads `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
export class Sealer {
  private readonly key: Promise<Buffer>;

  constructor(secret: Promise<string> | string) {
    this.key = Promise.resolve(secret).then((s) => createHash('sha256').update(`kursa-sealed:${s}`).digest());
  }

  async seal(plain: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  async open(sealed: string): Promise<string> {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', await this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
