import { describe, expect, it } from 'vitest';
import { CVR_LOOKUP_DELAY_MS, CVR_SAMPLES } from '../../../src/shared/constants.ts';
import { cvrInputStatus, normaliseCvr } from '../../../src/shared/validation/cvr.ts';

/**
 * The pure part of the CVR look-up that useCvrLookup (src/client/features/identity/cvr/hooks)
 * builds on: 'idle' shows the typing hint, 'invalid' the checksum error without a request, and
 * 'valid-format' is the only state in which the normalised number is looked up, after the pause.
 * The pause itself runs in the browser: see tests/e2e/register-form.spec.ts.
 */
describe('CVR look-up status before any request', () => {
  it('waits 500 ms after the last change before looking a number up', () => {
    expect(CVR_LOOKUP_DELAY_MS).toBe(500);
  });

  it.each(['', ' ', '-', ' - '])('is idle for an empty value (%j)', (value) => {
    expect(cvrInputStatus(value)).toBe('idle');
  });

  it.each(['2', '2505', '2505294', '25 05 29', '25-05-29-4', ' 2505294 '])('is idle while fewer than 8 digits are typed (%j)', (value) => {
    expect(cvrInputStatus(value)).toBe('idle');
  });

  it.each(['25052944', '12345678', '87654321', '00000001'])('is invalid for 8 digits failing the checksum (%s)', (value) => {
    expect(cvrInputStatus(value)).toBe('invalid');
  });

  it.each(['250529430', '2505294a', 'abc', '25.05.29.43', '+4525052943'])(
    'is invalid for anything but digits, spaces and hyphens, or more than 8 digits (%j)',
    (value) => {
      expect(cvrInputStatus(value)).toBe('invalid');
    },
  );

  it.each([
    ['25052943', '25052943'],
    ['25 05 29 43', '25052943'],
    ['2505-2943', '25052943'],
    [' 42318779 ', '42318779'],
  ])('looks up %j as %s once the checksum passes', (value, lookedUp) => {
    expect(cvrInputStatus(value)).toBe('valid-format');
    expect(normaliseCvr(value)).toBe(lookedUp);
  });

  it('passes the two valid /cvr-test samples and fails the other two', () => {
    expect(CVR_SAMPLES.map((sample) => [sample, cvrInputStatus(sample)])).toEqual([
      ['42318779', 'valid-format'],
      ['25052943', 'valid-format'],
      ['12345678', 'invalid'],
      ['87654321', 'invalid'],
    ]);
  });
});
