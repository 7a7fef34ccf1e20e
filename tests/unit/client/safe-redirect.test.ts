import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../../src/client/lib/safe-redirect.ts';

const origin = 'http://localhost:5000';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/profile', origin)).toBe('/profile');
    expect(safeNextPath('/dashboard?tab=students#top', origin)).toBe('/dashboard?tab=students#top');
  });

  it.each([null, '', 'profile', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login', '/login?next=/profile'])(
    'refuses %s',
    (raw) => {
      expect(safeNextPath(raw, origin)).toBeNull();
    },
  );
});
