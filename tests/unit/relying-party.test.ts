import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from '../../src/server/domains/identity/two-factor/relying-party.ts';

// A passkey is bound to PUBLIC_URL's host (docs/decisions/059-passkeys.md).

describe('the relying party passkeys are made for', () => {
  it('is PUBLIC_URL’s host, with its origin alone', () => {
    expect(relyingPartyOf('https://kursa.dk')).toEqual({ id: 'kursa.dk', name: 'Kursa', origins: ['https://kursa.dk'] });
    expect(relyingPartyOf('https://app.kursa.dk:8443')).toMatchObject({ id: 'app.kursa.dk', origins: ['https://app.kursa.dk:8443'] });
  });

  it('is localhost for a loopback PUBLIC_URL, and only the localhost origin uses it (a browser takes no IP address)', () => {
    expect(relyingPartyOf('http://127.0.0.1:5000')).toEqual({ id: 'localhost', name: 'Kursa', origins: ['http://localhost:5000'] });
    expect(relyingPartyOf('http://localhost:5000')).toEqual({ id: 'localhost', name: 'Kursa', origins: ['http://localhost:5000'] });
  });
});
