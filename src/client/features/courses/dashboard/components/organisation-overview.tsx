import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Building2 from 'lucide-react/icons/building-2';
import { ROLES } from '@shared/constants.ts';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { useOrganisationOverview } from '@/features/site/instructors/api';
import { Loading, LoadFailed } from '@/components/ui/load-state';

/** An admin's view of the whole company (GET /api/organisation/overview): members, seats, assignments, overdue learners. */
export function OrganisationOverview() {
  const { t } = useTranslation('account');
  const { t: tt } = useTranslation('team');
  const overview = useOrganisationOverview(true);
  return (
    <Card role="region" aria-labelledby="organisation-overview-title" className="flex flex-col gap-4 p-5">
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Building2 aria-hidden="true" className="size-4.5" />
        </span>
        <h2 id="organisation-overview-title" className="font-semibold">
          {t('dashboard.organisation.title')}
        </h2>
      </div>
      {overview.isPending ? (
        <Loading />
      ) : overview.isError ? (
        <LoadFailed message={t('dashboard.organisation.failed')} onRetry={overview.refetch} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="organisation-overview">
          <Figure label={t('dashboard.organisation.members')} value={formatNumber(overview.data.members.active)}>
            {ROLES.map((role) => t(`dashboard.organisation.roles.${role}`, { count: overview.data.members.byRole[role] ?? 0 })).join(' · ')}
            {overview.data.members.deactivated > 0 &&
              ` · ${t('dashboard.organisation.deactivated', { count: overview.data.members.deactivated })}`}
          </Figure>
          <Figure
            label={t('dashboard.organisation.seats')}
            value={
              overview.data.seats.limit === null
                ? formatNumber(overview.data.seats.used)
                : t('dashboard.organisation.seatsOf', {
                    used: formatNumber(overview.data.seats.used),
                    limit: formatNumber(overview.data.seats.limit),
                  })
            }
          >
            {t(overview.data.seats.limit === null ? 'dashboard.organisation.seatsUnlimited' : 'dashboard.organisation.seatsPlan', {
              plan: tt(`plans.${overview.data.seats.plan}`),
            })}
          </Figure>
          <Figure label={t('dashboard.organisation.assigned')} value={formatNumber(overview.data.coursesAssigned)}>
            {t('dashboard.organisation.assignedCaption')}
          </Figure>
          <Figure label={t('dashboard.organisation.overdue')} value={formatNumber(overview.data.overdueLearners)}>
            {t('dashboard.organisation.overdueCaption')}
          </Figure>
        </dl>
      )}
    </Card>
  );
}

function Figure({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-border p-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="text-sm text-muted-foreground">{children}</dd>
    </div>
  );
}
