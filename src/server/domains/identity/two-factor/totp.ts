import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/**
 * Time-based one-time codes as every authenticator app reads them (RFC 6238): SHA-1, 6 digits,
 * 30-second steps. A code is accepted one step either side of now, for a phone's clock a little
 * off and a code typed as it turns; the step it was accepted for is kept so it is accepted once.
 */
const PERIOD_S = 30;
const WINDOW = 1;

function totp(secret: string, label = 'Kursa'): TOTP {
  return new TOTP({ issuer: 'Kursa', label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an app scans: the otpauth:// address and its QR code as SVG. */
export function totpEnrolment(secret: string, email: string): { uri: string; qrSvg: string } {
  const uri = totp(secret, email).toString();
  return { uri, qrSvg: renderSVG(uri, { ecc: 'M', border: 2 }) };
}

/**
 * The time step `code` is right for at `now`, when it is right and later than `lastStep` (a code
 * already used, or an older one, is not); undefined otherwise.
 */
export function acceptedStep(secret: string, code: string, now: Date, lastStep: number | null): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}
