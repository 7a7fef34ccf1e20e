import { describe, expect, it } from 'vitest';
import { cvrInputStatus, isValidCvr, normaliseCvr } from '../../src/shared/validation/cvr.ts';
import { CVR_FIXTURES } from '../../src/server/cvr/offline-fixtures.ts';

describe('CVR checksum (weights 2,7,6,5,4,3,2,1, modulus 11)', () => {
  it('accepts the /cvr-test samples that pass and rejects the two that fail', () => {
    expect(isValidCvr('42318779')).toBe(true);
    expect(isValidCvr('25052943')).toBe(true);
    expect(isValidCvr('12345678')).toBe(false);
    expect(isValidCvr('87654321')).toBe(false);
  });

  it('ignores spaces and hyphens', () => {
    expect(normaliseCvr(' 25 05-29 43 ')).toBe('25052943');
    expect(isValidCvr('25 05 29 43')).toBe(true);
    expect(isValidCvr('2505-2943')).toBe(true);
  });

  it('needs exactly 8 digits', () => {
    expect(isValidCvr('2505294')).toBe(false);
    expect(isValidCvr('250529430')).toBe(false);
    expect(isValidCvr('2505294a')).toBe(false);
    expect(isValidCvr('')).toBe(false);
  });

  it('is off by one digit → invalid', () => {
    expect(isValidCvr('25052944')).toBe(false);
  });

  it('derives the look-up status of the CVR field', () => {
    expect(cvrInputStatus('')).toBe('idle');
    expect(cvrInputStatus('2505')).toBe('idle');
    expect(cvrInputStatus('25052943')).toBe('valid-format');
    expect(cvrInputStatus('12345678')).toBe('invalid');
    expect(cvrInputStatus('25x')).toBe('invalid');
  });

  it('bundles only checksum-valid fixtures, each once', () => {
    for (const f of CVR_FIXTURES) expect(isValidCvr(f.cvr), f.cvr).toBe(true);
    expect(new Set(CVR_FIXTURES.map((f) => f.cvr)).size).toBe(CVR_FIXTURES.length);
  });
});
