import { useId, useState } from 'react';
import type { TInvitationSent } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/use-translation';

export function SentLink({ sent }: { sent: TInvitationSent }) {
  const { t } = useTranslation('team');
  const [copied, setCopied] = useState(false);
  const id = useId();
  if (!sent.link) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {t('invite.link', { email: sent.invitation.email })}
      </label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={sent.link} onFocus={(e) => e.target.select()} data-testid="invitation-link" />
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(sent.link!).then(() => setCopied(true));
          }}
        >
          {t('invite.copy')}
        </Button>
      </div>
      {copied && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('invite.copied')}
        </p>
      )}
    </div>
  );
}
