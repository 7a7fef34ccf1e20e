import type { TLoginResponse } from '@shared/schemas/users.ts';
import { useTranslation } from '@/lib/use-translation';
import { loginWithPasskey } from './login-calls';
import { PasskeyButton } from './passkey-button';

/**
 * The login page's "Log ind med adgangsnøgle" (docs/decisions/059-passkeys.md): the browser offers
 * the person's passkeys for this site, and one verified by its owner logs them in without a
 * password. The login form shows it only in a browser that has passkeys; it is 80 px high, as the
 * form's placeholder for it.
 */
export default function PasskeyLogin({ rememberMe, onDone }: { rememberMe: () => boolean; onDone: (user: TLoginResponse) => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-3 text-sm text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
        {t('passkeys.or')}
      </p>
      <PasskeyButton label={t('passkeys.login')} run={() => loginWithPasskey(rememberMe())} onDone={onDone} />
    </div>
  );
}
