/** A CVR number's modulus-11 check: its digits times 2,7,6,5,4,3,2,1 must sum to a multiple of 11. */
const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** Removes the spaces and hyphens people type inside a CVR number ("12 34 56-78"). */
export function normaliseCvr(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** True when the input, once normalised, is exactly 8 digits with a valid modulus-11 checksum. */
export function isValidCvr(input: string): boolean {
  const cvr = normaliseCvr(input);
  if (!/^\d{8}$/.test(cvr)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(cvr[i]) * WEIGHTS[i]!;
  return sum % 11 === 0;
}

export type CvrInputStatus = 'idle' | 'valid-format' | 'invalid';

/**
 * What the CVR field shows as it is typed: a non-empty value failing the checksum is invalid; a
 * value that is still being typed (fewer than 8 digits) stays idle; 8 digits with a valid checksum
 * may be looked up.
 */
export function cvrInputStatus(input: string): CvrInputStatus {
  const cvr = normaliseCvr(input);
  if (cvr === '') return 'idle';
  if (/^\d{1,7}$/.test(cvr)) return 'idle';
  return isValidCvr(cvr) ? 'valid-format' : 'invalid';
}
