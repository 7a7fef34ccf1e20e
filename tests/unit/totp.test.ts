import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret } from '../../src/server/domains/identity/two-factor/totp.ts';

// The authenticator app's codes at fixed moments: one step either side of now, each once.

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const at = (iso: string) => new Date(iso);
const code = (iso: string) => new TOTP({ secret: Secret.fromBase32(SECRET) }).generate({ timestamp: Date.parse(iso) });
// 2026-12-01T10:00:00Z is a step's start: 1796119200 / 30.
const STEP = 1796119200 / 30;

describe('a TOTP code', () => {
  it('is right for its own step and one either side, not two', () => {
    const now = at('2026-12-01T10:00:10Z');
    expect(acceptedStep(SECRET, code('2026-12-01T10:00:00Z'), now, null)).toBe(STEP);
    expect(acceptedStep(SECRET, code('2026-12-01T09:59:45Z'), now, null)).toBe(STEP - 1);
    expect(acceptedStep(SECRET, code('2026-12-01T10:00:31Z'), now, null)).toBe(STEP + 1);
    expect(acceptedStep(SECRET, code('2026-12-01T10:01:00Z'), now, null)).toBeUndefined();
    expect(acceptedStep(SECRET, code('2026-12-01T09:59:29Z'), now, null)).toBeUndefined();
  });

  it('is taken once: not again, and no older one after it', () => {
    const now = at('2026-12-01T10:00:10Z');
    expect(acceptedStep(SECRET, code('2026-12-01T10:00:00Z'), now, STEP)).toBeUndefined();
    expect(acceptedStep(SECRET, code('2026-12-01T09:59:45Z'), now, STEP)).toBeUndefined();
    expect(acceptedStep(SECRET, code('2026-12-01T10:00:31Z'), now, STEP)).toBe(STEP + 1);
  });

  it('comes from a new 160-bit secret each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });
});
