import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../../src/client/lib/safe-redirect.ts';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/profile')).toBe('/profile');
    expect(safeNextPath('/dashboard?tab=students#top')).toBe('/dashboard?tab=students#top');
  });

  it.each([
    null,
    '',
    'profile',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?next=/profile',
    '/login#x',
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});
