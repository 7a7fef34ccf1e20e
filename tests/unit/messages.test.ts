import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessageKey, messages, translate } from '../../src/shared/i18n/messages.ts';

describe('message catalogue', () => {
  it('has both languages for every message', () => {
    for (const [key, entry] of Object.entries(messages)) {
      expect(entry.da.trim(), `${key}.da`).not.toBe('');
      expect(entry.en.trim(), `${key}.en`).not.toBe('');
    }
  });

  it('defaults to each message’s own language (registration and login English, profile Danish)', () => {
    expect(translate('register.companyName')).toBe('Company name must be at least 2 characters');
    expect(translate('profile.contactName')).toBe('Navn skal være mindst 2 tegn');
    expect(translate('register.companyName', 'da')).toBe('Virksomhedsnavn skal være mindst 2 tegn');
    expect(translate('login.throttled', 'en', { minutes: 4 })).toBe('Too many failed login attempts. Try again in 4 min.');
  });

  it('knows every message key the schemas and the server use', () => {
    const files = ['src/shared/schemas', 'src/server/domains', 'src/server/http', 'src/server/throttle']
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
      .filter((f) => f.endsWith('.ts'));
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/'((?:register|login|profile|password|cvr|http)\.[a-zA-Z]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(isMessageKey(key), key).toBe(true);
  });
});
