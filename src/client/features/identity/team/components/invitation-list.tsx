import { useState } from 'react';
import type { TInvitation, TInvitationSent } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/form-errors';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useResendInvitation, useRevokeInvitation } from '../api/team';
import { SentLink } from './sent-link';

export function InvitationList({ invitations, onNotice }: { invitations: TInvitation[]; onNotice: (text: string) => void }) {
  const { t } = useTranslation('team');
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [resent, setResent] = useState<TInvitationSent | null>(null);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(currentLanguage() === 'da' ? 'da-DK' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const failed = resend.error ?? revoke.error;
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h3 id="invitations-heading" className="font-semibold">
        {t('invitations.heading')}
      </h3>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(failed) ?? t('failed')}
        </p>
      )}
      {invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('invitations.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="invitation-list">
          {invitations.map((invitation) => {
            const closed = invitation.status === 'accepted' || invitation.status === 'revoked';
            return (
              <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm" data-testid="invitation">
                <span className="min-w-0 flex-1 break-all">
                  <span className="font-medium">{invitation.email}</span>
                  {invitation.contactName && <span className="text-muted-foreground"> · {invitation.contactName}</span>}
                  <span className="text-muted-foreground"> · {t(`roles.${invitation.role}`)}</span>
                </span>
                <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
                  {t(`invitations.status.${invitation.status}`)}
                </span>
                {invitation.status === 'open' && (
                  <span className="text-muted-foreground">{t('invitations.expires', { date: date(invitation.expiresAt) })}</span>
                )}
                {!closed && (
                  <span className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('invitations.resendNamed', { email: invitation.email })}
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(invitation.id, {
                          onSuccess: (result) => {
                            setResent(result);
                            onNotice(
                              result.mailed
                                ? t('invite.mailed', { email: invitation.email })
                                : t('invite.notMailed', { email: invitation.email }),
                            );
                          },
                        })
                      }
                    >
                      {t('invitations.resend')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('invitations.revokeNamed', { email: invitation.email })}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(invitation.id, { onSuccess: () => onNotice(t('invitations.revoked', { email: invitation.email })) })
                      }
                    >
                      {t('invitations.revoke')}
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {resent && <SentLink sent={resent} />}
    </section>
  );
}
