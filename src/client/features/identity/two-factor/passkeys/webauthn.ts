import type { TPasskeyOptions } from '@shared/schemas/passkeys.ts';

/**
 * The browser's side of a passkey ceremony, with the platform's own JSON helpers
 * (PublicKeyCredential.parse…FromJSON and credential.toJSON(); docs/decisions/059-passkeys.md):
 * the server's options in, the authenticator's answer out as JSON the server reads.
 */

/** Whether this browser can make and use passkeys the way Kursa asks. */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function' &&
    typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function'
  );
}

/** The person closed the browser's dialog, or it timed out: nothing to report as a failure. */
export function cancelled(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

function answered(credential: Credential | null): PublicKeyCredential {
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was given', 'NotAllowedError');
  return credential;
}

/** navigator.credentials.create() with the server's options: the new passkey's registration. */
export async function createPasskey(options: TPasskeyOptions): Promise<unknown> {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options as unknown as PublicKeyCredentialCreationOptionsJSON);
  return answered(await navigator.credentials.create({ publicKey })).toJSON();
}

/** navigator.credentials.get() with the server's options: a passkey's signed answer. */
export async function getPasskey(options: TPasskeyOptions): Promise<unknown> {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options as unknown as PublicKeyCredentialRequestOptionsJSON);
  return answered(await navigator.credentials.get({ publicKey })).toJSON();
}
