import CreditCard from 'lucide-react/icons/credit-card';
import type { TPlanOverview } from '@shared/schemas/plans.ts';
import type { Role } from '@shared/constants.ts';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { usePlan } from '../api/get-plan';
import { BILLING_PATH, daysUntil, formatPlanDate } from '../lib/plan-dates';

type UsageKey = keyof TPlanOverview['usage'];
const USAGE: UsageKey[] = ['activeCourses', 'students', 'admins'];

/** What the plan's state says in words: when the trial ends, until when it is paid, or that it has ended. */
function StateLine({ plan }: { plan: TPlanOverview }) {
  const { t } = useTranslation('account');
  if (plan.status === 'expired') {
    return (
      <p className="font-medium text-danger" data-testid="plan-state">
        {plan.plan === 'trial'
          ? t('plan.trialEnded', { date: formatPlanDate(plan.endsAt ?? '') })
          : t('plan.planEnded', { date: formatPlanDate(plan.paidUntil ?? '') })}
      </p>
    );
  }
  if (plan.status === 'trial') {
    if (!plan.trialEndsAt) return null;
    return (
      <p data-testid="plan-state">
        <span className="font-medium">{t('plan.trialEnds', { date: formatPlanDate(plan.trialEndsAt) })}</span>{' '}
        <span className="text-muted-foreground">{t('plan.daysLeft', { count: daysUntil(plan.trialEndsAt) })}</span>
      </p>
    );
  }
  return (
    <p data-testid="plan-state" className="text-muted-foreground">
      {plan.paidUntil ? t('plan.paidUntil', { date: formatPlanDate(plan.paidUntil) }) : t('plan.noEnd')}
    </p>
  );
}

/** The dashboard's plan card: the plan, the trial's end or the paid period, the use of each limit, and the way to a plan. */
export function PlanCard({ role }: { role: Role }) {
  const { t } = useTranslation('account');
  const plan = usePlan();
  return (
    <Card role="region" aria-labelledby="plan-card-title" className="flex flex-col gap-4 p-5" data-testid="plan-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-accent-soft text-accent">
            <CreditCard aria-hidden="true" className="size-4.5" />
          </span>
          <div>
            <h2 id="plan-card-title" className="font-semibold">
              {t('plan.title')}
            </h2>
            {plan.data && (
              <p className="text-sm text-muted-foreground" data-testid="plan-name">
                {t(`plan.names.${plan.data.plan}`)}
                {plan.data.period && ` · ${t(`plan.periods.${plan.data.period}`)}`}
              </p>
            )}
          </div>
        </div>
        {plan.data && role === 'admin' && plan.data.plan !== 'enterprise' && (
          <LinkButton to={BILLING_PATH} size="sm" variant={plan.data.status === 'active' ? 'secondary' : undefined}>
            {plan.data.status === 'active' ? t('plan.change') : t('plan.choose')}
          </LinkButton>
        )}
      </div>
      {plan.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('dashboard.loading')}
        </p>
      ) : plan.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('plan.failed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void plan.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </p>
      ) : (
        <>
          <div className="text-sm">
            <StateLine plan={plan.data} />
            {role !== 'admin' && plan.data.status !== 'active' && <p className="mt-1 text-muted-foreground">{t('plan.askAdmin')}</p>}
          </div>
          <dl className="grid gap-3 sm:grid-cols-3" data-testid="plan-usage">
            {USAGE.map((key) => {
              const { used, limit } = plan.data.usage[key];
              const full = limit !== null && used >= limit;
              return (
                <div key={key} className="flex flex-col gap-1 rounded-xl border border-border p-3" data-testid={`plan-usage-${key}`}>
                  <dt className="text-sm font-medium text-muted-foreground">{t(`plan.usage.${key}`)}</dt>
                  <dd className={full ? 'font-semibold text-danger tabular-nums' : 'font-semibold tabular-nums'}>
                    {limit === null
                      ? t('plan.unlimited', { used: formatNumber(used) })
                      : t('plan.of', { used: formatNumber(used), limit: formatNumber(limit) })}
                  </dd>
                  {limit !== null && (
                    <dd aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
                      <span
                        className={full ? 'block h-full bg-danger' : 'block h-full bg-primary'}
                        style={{ width: `${Math.min(100, Math.round((used / Math.max(1, limit)) * 100))}%` }}
                      />
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>
        </>
      )}
    </Card>
  );
}
