import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/env.ts';

describe('environment', () => {
  it('has embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 5000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:5000',
      DATA_DIR: './data',
      CVR_PROVIDER: 'offline',
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ PUBLIC_URL: 'https://kursa.dk/' }).PUBLIC_URL).toBe('https://kursa.dk');
  });

  it('takes the Stripe keys together, never shows them, and checks the invoice seller CVR', () => {
    expect(parseEnv({}).STRIPE_API_URL).toBe('https://api.stripe.com');
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_y' })).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_y',
    });
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_live_secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
    let message = '';
    try {
      parseEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_secret_value', INVOICE_SELLER_CVR: '1234' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('INVOICE_SELLER_CVR="1234": must be a CVR number of 8 digits');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET (value not shown)');
    expect(message).not.toContain('whsec_secret_value');
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', REDIS_URL: '' }).PORT).toBe(5000);
  });

  it('names every bad variable', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT="abc"');
    expect(message).toContain('DATABASE_URL="mysql://x"');
    expect(message).toContain('SEED_DEMO="maybe"');
  });

  it('requires a User-Agent for the live CVR registry', () => {
    expect(() => parseEnv({ CVR_PROVIDER: 'cvrapi' })).toThrow(/CVRAPI_USER_AGENT/);
    expect(parseEnv({ CVR_PROVIDER: 'cvrapi', CVRAPI_USER_AGENT: 'Kursa - ops@kursa.dk' }).CVR_PROVIDER).toBe('cvrapi');
  });

  it('takes the S3 upload store all or none, and says which variables are missing', () => {
    const full = {
      S3_ENDPOINT: 'https://s3.eu-north-1.amazonaws.com',
      S3_BUCKET: 'kursa',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(parseEnv(full)).toMatchObject(full);
    expect(parseEnv({}).S3_ENDPOINT).toBeUndefined();
    let message = '';
    try {
      parseEnv({ S3_ENDPOINT: full.S3_ENDPOINT, S3_BUCKET: 'kursa' });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toContain('S3_ACCESS_KEY_ID: is required for S3 upload storage');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: is required for S3 upload storage');
    expect(message).not.toContain('S3_BUCKET:');
    expect(() => parseEnv({ S3_REGION: 'eu-north-1' })).toThrow(/S3_ENDPOINT: is required/);
  });

  it('limits video uploads to UPLOAD_MAX_VIDEO_MB (2048 by default)', () => {
    expect(parseEnv({}).UPLOAD_MAX_VIDEO_MB).toBe(2048);
    expect(parseEnv({ UPLOAD_MAX_VIDEO_MB: '500' }).UPLOAD_MAX_VIDEO_MB).toBe(500);
    expect(() => parseEnv({ UPLOAD_MAX_VIDEO_MB: 'lots' })).toThrow(/UPLOAD_MAX_VIDEO_MB/);
    expect(() => parseEnv({ HTTP_REQUEST_TIMEOUT_MS: '60000', HTTP_UPLOAD_TIMEOUT_MS: '30000' })).toThrow(/HTTP_UPLOAD_TIMEOUT_MS/);
  });

  it('takes CERT_SIGNING_KEY as an Ed25519 PKCS#8 PEM (newlines real or written \\n) or its base64 body, and refuses anything else without echoing it', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const body = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    for (const given of [pem, pem.replaceAll('\n', '\\n'), body]) {
      const key = parseEnv({ CERT_SIGNING_KEY: given }).CERT_SIGNING_KEY;
      expect(key?.asymmetricKeyType).toBe('ed25519');
      expect(key?.export({ type: 'pkcs8', format: 'pem' })).toBe(pem);
    }
    expect(parseEnv({}).CERT_SIGNING_KEY).toBeUndefined();

    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicOnly = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const bad of [rsa, publicOnly, 'not-a-key', body.slice(0, 20)]) {
      let message = '';
      try {
        parseEnv({ CERT_SIGNING_KEY: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        message = (error as Error).message;
      }
      expect(message).toContain('CERT_SIGNING_KEY (value not shown): must be an Ed25519 private key');
      expect(message).not.toContain(bad.length > 60 ? bad.slice(30, 60) : bad);
    }
  });
});
