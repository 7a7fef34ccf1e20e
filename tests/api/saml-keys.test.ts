import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { installationSpKeys, newSpKeys, selfSignedCertificate, serialNumber } from '../../src/server/domains/identity/sso/saml-keys.ts';
import { Sealer } from '../../src/server/security/sealed.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('our SAML certificate', () => {
  it.each([0x00, 0x01, 0x7f, 0x80, 0xff])('has a serial number OpenSSL reads when the first random byte is %i', (first) => {
    const random = Buffer.alloc(16, 0);
    random[0] = first;
    const serial = serialNumber(random);
    expect(serial).toHaveLength(32);
    const lead = parseInt(serial.slice(0, 2), 16);
    expect(lead).toBeGreaterThan(0);
    expect(lead).toBeLessThan(0x80);
    const { privateKey } = newSpKeys('kursa.test');
    expect(new X509Certificate(selfSignedCertificate(privateKey, 'kursa.test', { serial })).serialNumber).toBe(serial.toUpperCase());
  });

  it('is made again for the same key when the kept one has a serial number with a needless leading zero', async () => {
    const sealer = new Sealer('a secret long enough to seal the test key with');
    const { privateKey } = newSpKeys('kursa.test');
    const unreadable = selfSignedCertificate(privateKey, 'kursa.test', { serial: `000014${'ab'.repeat(13)}` });
    expect(() => new X509Certificate(unreadable)).toThrow(/illegal padding/);
    const kept = JSON.stringify({ key: await sealer.seal(privateKey), certificate: unreadable });
    await t.db
      .insertInto('installation_secrets')
      .values({ name: 'saml-sp-keys', value: kept, created_at: new Date().toISOString() })
      .execute();

    const keys = await installationSpKeys(t.db, sealer, 'kursa.test');
    expect(keys.privateKey).toBe(privateKey);
    const certificate = new X509Certificate(keys.certificate);
    expect(certificate.checkPrivateKey(createPrivateKey(privateKey))).toBe(true);
    expect((await installationSpKeys(t.db, sealer, 'kursa.test')).certificate).toBe(keys.certificate);
  });
});
