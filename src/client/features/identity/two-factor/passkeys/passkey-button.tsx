import { useState } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import type { TLoginResponse } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { cancelled } from './webauthn';

/**
 * A button that runs a passkey login (`run`: with the passkey alone, or as a login's second step)
 * and hands over the logged-in user; the person closing the browser's dialog is no error. A login
 * no longer waiting (401) goes back to the password.
 */
export function PasskeyButton({
  label,
  run,
  onDone,
  onRestart,
  variant = 'secondary',
}: {
  label: string;
  run: () => Promise<TLoginResponse>;
  onDone: (user: TLoginResponse) => void;
  onRestart?: () => void;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        size="lg"
        variant={variant}
        className="w-full"
        disabled={pending}
        onClick={() => {
          setPending(true);
          setError(undefined);
          run()
            .then(onDone)
            .catch((failure: unknown) => {
              if (cancelled(failure)) return;
              if (onRestart && isApiError(failure) && failure.status === 401) onRestart();
              setError(serverMessage(failure) ?? t('passkeys.failed'));
            })
            .finally(() => setPending(false));
        }}
      >
        {pending ? <Spinner /> : <KeyRound aria-hidden="true" className="size-4" />}
        {label}
      </Button>
      {error && (
        <p role="alert" className="text-center text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
