import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the API tests: it makes ES256 key pairs with node:crypto and answers
 * WebAuthn ceremonies as a browser and a platform authenticator would together (attestation
 * 'none'), so the server's checks run on real signatures. authenticatorData is
 * rpIdHash | flags | counter | [attestedCredentialData]; the attestation object is CBOR.
 */

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the relying party gave, base64url. */
  userHandle: string;
  counter: number;
}

interface Ceremony {
  /** The page the browser says it was on. */
  origin?: string;
  /** The relying party the authenticator signs for. */
  rpId?: string;
  /** Whether the person was verified (a PIN, a fingerprint). */
  verified?: boolean;
}

export interface CreationOptions {
  challenge: string;
  user: { id: string };
  rp: { id?: string };
}

export interface RequestOptions {
  challenge: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];

  constructor(
    private readonly origin = 'http://localhost:5000',
    private readonly rpId = 'localhost',
  ) {}

  /** The id of the latest passkey made, base64url. */
  get lastId(): string {
    const last = this.credentials.at(-1);
    if (!last) throw new Error('no passkey made yet');
    return b64url(last.id);
  }

  /** navigator.credentials.create() with these options: a new key pair and its registration, as toJSON() writes it. */
  create(options: CreationOptions, ceremony: Ceremony = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(ceremony.rpId ?? this.rpId),
      Buffer.from([UP | (ceremony.verified === false ? 0 : UV) | AT]),
      u32(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin ?? this.origin,
    });
    this.credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get() with these options: an assertion signed by the passkey the options
   * allow (or `credentialId`, or the latest), its counter one up unless `counter` says otherwise.
   */
  get(options: RequestOptions, ceremony: Ceremony & { credentialId?: string; counter?: number } = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      this.credentials.find((c) => b64url(c.id) === ceremony.credentialId) ??
      (allowed ? this.credentials.find((c) => allowed.includes(b64url(c.id))) : this.credentials.at(-1));
    if (!credential) throw new Error('no passkey for these options');
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(ceremony.rpId ?? this.rpId),
      Buffer.from([UP | (ceremony.verified === false ? 0 : UV)]),
      u32(credential.counter),
    ]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: ceremony.origin ?? this.origin });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
