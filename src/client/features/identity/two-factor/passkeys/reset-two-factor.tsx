import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useResetMemberTwoFactor } from './api';

/**
 * A member-list action for admins: reset a member's two-step verification (a lost phone), after
 * asking. Their app, passkeys and recovery codes go, they are logged out everywhere and told by
 * e-mail (docs/decisions/059-passkeys.md).
 */
export function ResetTwoFactor({ member, onNotice }: { member: { id: string; contactName: string }; onNotice: (text: string) => void }) {
  const { t } = useTranslation('account');
  const reset = useResetMemberTwoFactor();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('passkeys.reset.named', { name: member.contactName })}
        disabled={reset.isPending}
        onClick={() => setAsking(true)}
      >
        {t('passkeys.reset.button')}
      </Button>
      <LazyConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('passkeys.reset.title', { name: member.contactName })}
        description={t('passkeys.reset.text')}
        confirmLabel={t('passkeys.reset.confirm')}
        cancelLabel={t('passkeys.reset.keep')}
        destructive
        onConfirm={() => {
          setAsking(false);
          reset.mutate(member.id, {
            onSuccess: () => onNotice(t('passkeys.reset.done', { name: member.contactName })),
            onError: (error) => onNotice(serverMessage(error) ?? t('passkeys.reset.failed')),
          });
        }}
      />
    </>
  );
}
