// Kept free of zod, so a form that only checks a code's shape stays light on public pages.

/** Confirmation codes: short enough to type, long enough that 5 guesses find nothing. */
export const VERIFICATION = {
  /** 8 characters from a 29-letter alphabet without look-alikes (0/O, 1/I/L, U/V): ~5e11 codes. */
  codeAlphabet: '23456789ABCDEFGHJKMNPQRSTWXYZ',
  codeLength: 8,
  codeTtlMinutes: 30,
  maxAttempts: 5,
  /** A requester waits this long before another code is sent to the same company. */
  resendAfterSeconds: 60,
  /** At most this many codes go to one company's mailbox per hour, from everyone together. */
  maxCodesPerCompanyPerHour: 10,
  /**
   * And at most this many from any one requester, so nobody (the unconfirmed holder included) can
   * spend the company's hourly budget alone and so keep a rightful claimant from getting a code.
   */
  maxCodesPerRequesterPerHour: 3,
} as const;

/** "k7qx-m2pd", " K7QX M2PD " → "K7QXM2PD". */
export function normaliseCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether the input has a whole code's length once spaces and hyphens are gone (the forms check it before sending). */
export function isWholeCode(input: string): boolean {
  return normaliseCode(input).length === VERIFICATION.codeLength;
}
