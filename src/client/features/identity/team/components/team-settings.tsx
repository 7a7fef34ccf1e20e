import { useState } from 'react';
import Users from 'lucide-react/icons/users';
import type { TSeats } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMe } from '@/lib/me';
import { ShellLink } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { useInvitations, useMembers } from '../api/team';
import { ImportForm } from './import-form';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';

/**
 * The company's people, for admins: invite with a role (the link is mailed, or shown
 * to copy when the mail could not go), follow and resend or withdraw invitations, import a CSV, and change a
 * member's role or deactivate them. Everyone else sees who may do this.
 */
export function TeamSettings() {
  const { t } = useTranslation('team');
  const { data: user } = useMe();
  const isAdmin = user?.role === 'admin';
  const invitations = useInvitations(isAdmin);
  const members = useMembers(isAdmin);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card role="region" aria-labelledby="team-title" className="flex flex-col gap-6">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Users aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="team-title" className="text-base font-semibold">
            {t('title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('description')}</p>
        </div>
      </div>
      {!isAdmin ? (
        <p className="text-sm text-muted-foreground">{t('adminOnly')}</p>
      ) : invitations.isPending || members.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : invitations.isError || members.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void Promise.all([invitations.refetch(), members.refetch()])}>
            {t('retry')}
          </Button>
        </p>
      ) : (
        <>
          <Seats seats={members.data.seats} />
          <p role="status" aria-live="polite" className="text-sm empty:hidden" data-testid="team-notice">
            {notice}
          </p>
          <InviteForm onNotice={setNotice} />
          <InvitationList invitations={invitations.data.invitations} onNotice={setNotice} />
          <MemberList members={members.data.members} selfId={user.id} onNotice={setNotice} />
          <ImportForm />
        </>
      )}
    </Card>
  );
}

function Seats({ seats }: { seats: TSeats }) {
  const { t } = useTranslation('team');
  const plan = t(`plans.${seats.plan}`);
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <p data-testid="team-seats">
        {seats.limit === null
          ? t('seats.unlimited', { used: seats.used, plan })
          : t('seats.limited', { used: seats.used, limit: seats.limit, plan })}
      </p>
      <ShellLink to="/billing" className="font-medium text-accent underline-offset-4 hover:underline">
        {t('seats.billing')}
      </ShellLink>
    </div>
  );
}
