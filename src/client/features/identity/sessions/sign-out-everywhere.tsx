import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useEndMemberSessions } from './api';

/** A member-list action for admins: end all of a member's sessions (a lost laptop, a shared login), after asking. */
export function SignOutEverywhere({ member, onNotice }: { member: { id: string; contactName: string }; onNotice: (text: string) => void }) {
  const { t } = useTranslation('account');
  const end = useEndMemberSessions();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('sessions.signOutNamed', { name: member.contactName })}
        disabled={end.isPending}
        onClick={() => setAsking(true)}
      >
        {t('sessions.signOut')}
      </Button>
      <LazyConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('sessions.signOutTitle', { name: member.contactName })}
        description={t('sessions.signOutText')}
        confirmLabel={t('sessions.signOutConfirm')}
        cancelLabel={t('sessions.keep')}
        destructive
        onConfirm={() => {
          setAsking(false);
          end.mutate(member.id, {
            onSuccess: ({ ended }) => onNotice(t('sessions.signedOut', { name: member.contactName, count: ended })),
            onError: (error) => onNotice(serverMessage(error) ?? t('sessions.failed')),
          });
        }}
      />
    </>
  );
}
