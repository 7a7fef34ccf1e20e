import { useState } from 'react';
import type { TMember } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { serverMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { SignOutEverywhere } from '../../sessions/sign-out-everywhere';
import { ResetTwoFactor } from '../../two-factor/passkeys/reset-two-factor';
import { useMemberErasure, useUpdateMember } from '../api/team';
import { RoleSelect } from './role-select';

export function MemberList({ members, selfId, onNotice }: { members: TMember[]; selfId: string; onNotice: (text: string) => void }) {
  const { t } = useTranslation('team');
  const update = useUpdateMember();
  const erasure = useMemberErasure();
  const [erasing, setErasing] = useState<TMember | null>(null);
  const failure = update.error ?? erasure.error;
  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <h3 id="members-heading" className="font-semibold">
        {t('members.heading')}
      </h3>
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(failure) ?? t('failed')}
        </p>
      )}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="member-list">
        {members.map((member) => {
          const self = member.id === selfId;
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm" data-testid="member">
              <span className="min-w-0 flex-1 break-all">
                <span className="font-medium">{member.contactName}</span>
                {self && <span className="text-muted-foreground"> ({t('members.you')})</span>}
                <span className="block text-muted-foreground">{member.email}</span>
              </span>
              {member.erasureDueAt ? (
                <span className="rounded-full bg-destructive/10 px-2.5 py-0.5 text-xs font-medium text-danger">
                  {t('members.erasureDue', { date: formatDate(member.erasureDueAt) })}
                </span>
              ) : (
                !member.active && <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">{t('members.inactive')}</span>
              )}
              <span className="w-40">
                <RoleSelect
                  id={`member-role-${member.id}`}
                  label={t('members.roleFor', { name: member.contactName })}
                  value={member.role}
                  disabled={self || update.isPending}
                  onChange={(role) =>
                    update.mutate(
                      { id: member.id, role },
                      { onSuccess: () => onNotice(t('members.roleChanged', { name: member.contactName, role: t(`rolesLower.${role}`) })) },
                    )
                  }
                />
              </span>
              {!self && (
                <Button
                  variant={member.active ? 'ghost' : 'secondary'}
                  size="sm"
                  aria-label={
                    member.active
                      ? t('members.deactivateNamed', { name: member.contactName })
                      : t('members.activateNamed', { name: member.contactName })
                  }
                  disabled={update.isPending}
                  onClick={() =>
                    update.mutate(
                      { id: member.id, active: !member.active },
                      {
                        onSuccess: () =>
                          onNotice(t(member.active ? 'members.deactivated' : 'members.activated', { name: member.contactName })),
                      },
                    )
                  }
                >
                  {member.active ? t('members.deactivate') : t('members.activate')}
                </Button>
              )}
              {!self && member.active && <SignOutEverywhere member={member} onNotice={onNotice} />}
              {!self && member.active && <ResetTwoFactor member={member} onNotice={onNotice} />}
              {!self &&
                (member.erasureDueAt ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('members.cancelErasureNamed', { name: member.contactName })}
                    disabled={erasure.isPending}
                    onClick={() =>
                      erasure.mutate(
                        { id: member.id, erase: false },
                        { onSuccess: () => onNotice(t('members.erasureCancelled', { name: member.contactName })) },
                      )
                    }
                  >
                    {t('members.cancelErasure')}
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-danger"
                    aria-label={t('members.eraseNamed', { name: member.contactName })}
                    disabled={erasure.isPending}
                    onClick={() => setErasing(member)}
                  >
                    {t('members.erase')}
                  </Button>
                ))}
            </li>
          );
        })}
      </ul>
      <LazyConfirmDialog
        open={erasing !== null}
        onOpenChange={(open) => !open && setErasing(null)}
        title={t('members.eraseTitle', { name: erasing?.contactName ?? '' })}
        description={t('members.eraseText')}
        confirmLabel={t('members.eraseConfirm')}
        cancelLabel={t('members.eraseKeep')}
        destructive
        onConfirm={() => {
          const member = erasing;
          setErasing(null);
          if (member)
            erasure.mutate(
              { id: member.id, erase: true },
              { onSuccess: () => onNotice(t('members.erasureAsked', { name: member.contactName })) },
            );
        }}
      />
    </section>
  );
}
