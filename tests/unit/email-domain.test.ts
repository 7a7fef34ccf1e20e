import { describe, expect, it } from 'vitest';
import { companyDomain, isOnDomain, maskEmail } from '../../src/shared/validation/email-domain.ts';

describe('company e-mail domains', () => {
  it('takes the domain of a company address, never a free-mail or ISP one', () => {
    expect(companyDomain('info@magenta.dk')).toBe('magenta.dk');
    expect(companyDomain('lillefirma@gmail.com')).toBeNull();
    expect(companyDomain('firma@post.tele.dk')).toBeNull();
    expect(companyDomain('firma@mail1.stofanet.dk')).toBeNull();
    expect(companyDomain('not-an-address')).toBeNull();
  });

  it('counts an address on the domain or a subdomain of it', () => {
    expect(isOnDomain('anne@novonordisk.com', 'novonordisk.com')).toBe(true);
    expect(isOnDomain('anne@dk.novonordisk.com', 'novonordisk.com')).toBe(true);
    expect(isOnDomain('anne@evilnovonordisk.com', 'novonordisk.com')).toBe(false);
    expect(isOnDomain('anne@novonordisk.com.evil.dk', 'novonordisk.com')).toBe(false);
  });

  it('never counts a shared mail host, even when the registry lists an address on it', () => {
    expect(isOnDomain('someone@mail.tele.dk', 'tele.dk')).toBe(false);
    expect(isOnDomain('someone@mail1.stofanet.dk', 'mail1.stofanet.dk')).toBe(false);
  });

  it('masks an address for display', () => {
    expect(maskEmail('info@magenta.dk')).toBe('i***@magenta.dk');
  });
});
