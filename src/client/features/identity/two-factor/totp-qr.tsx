import type { TTotpSetup } from '@shared/schemas/two-factor.ts';

/** The authenticator app's QR code and, for typing in, its key. */
export function TotpQr({ setup, alt, keyLabel }: { setup: TTotpSetup; alt: string; keyLabel: string }) {
  return (
    <>
      <img src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt={alt} className="size-48 rounded-lg bg-white p-2" />
      <p className="text-sm">
        {keyLabel} <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono">{setup.secret}</code>
      </p>
    </>
  );
}
