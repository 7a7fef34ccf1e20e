import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Award from 'lucide-react/icons/award';
import Coins from 'lucide-react/icons/coins';
import Eye from 'lucide-react/icons/eye';
import Lightbulb from 'lucide-react/icons/lightbulb';
import ChartPie from 'lucide-react/icons/chart-pie';
import Star from 'lucide-react/icons/star';
import Users from 'lucide-react/icons/users';
import type { TAnalytics } from '@shared/schemas/dashboard.ts';
import { ANALYTICS_DAYS } from '@shared/limits.ts';
import { CREATOR_PAGE_PATH } from '@shared/routes.ts';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useInstructorAnalytics } from '@/features/site/instructors/api';
import { PerformanceTable } from './performance-table';
import { LoadFailed } from '@/components/ui/load-state';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { isApiError } from '@/lib/api-client';
import { useMe } from '@/lib/me';

// recharts is big: it is its own chunk, downloaded when Analyser is first opened.
const AnalyticsChart = lazy(() => import('./analytics-chart'));

type Days = (typeof ANALYTICS_DAYS)[number];

/**
 * Where the company's plan stops (Starter has the overview's basic analytics, not these): the
 * server's message, and the way to a larger plan for an admin, or whom to ask for anyone else.
 */
function PlanUpgrade({ message }: { message: string | undefined }) {
  const { t } = useTranslation('account');
  const { data: user } = useMe();
  return (
    <EmptyState
      icon={ChartPie}
      level={2}
      title={t('dashboard.analytics.upgradeTitle')}
      description={message ?? t('dashboard.analytics.failed')}
    >
      {user?.role === 'admin' ? (
        <LinkButton to="/billing">{t('dashboard.analytics.upgrade')}</LinkButton>
      ) : (
        <p className="text-sm text-muted-foreground">{t('dashboard.analytics.askAdmin')}</p>
      )}
    </EmptyState>
  );
}

/** The dashboard's "Analyser" page, from GET …/analytics: summary cards, performance per course and a chart over 30 or 90 days. */
export function AnalyticsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const [days, setDays] = useState<Days>(30);
  const analytics = useInstructorAnalytics(userId, days);
  if (analytics.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-28" />
        <Skeleton variant="card" />
      </div>
    );
  }
  if (analytics.isError) {
    if (isApiError(analytics.error) && analytics.error.body?.code === 'PLAN_FEATURE') {
      return <PlanUpgrade message={analytics.error.body.message} />;
    }
    return <LoadFailed message={t('dashboard.analytics.failed')} onRetry={analytics.refetch} />;
  }
  const data = analytics.data;
  return (
    <div className="flex flex-col gap-8" data-testid="analytics">
      <Summary data={data} />
      <section aria-labelledby="analytics-chart-title" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="analytics-chart-title" className="font-semibold">
            {t('dashboard.analytics.chartTitle', { days: data.days })}
          </h2>
          <div role="group" aria-label={t('dashboard.analytics.period')} className="flex gap-1 rounded-lg bg-muted p-1">
            {ANALYTICS_DAYS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={days === value}
                onClick={() => setDays(value)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring',
                  days === value && 'bg-card text-foreground shadow-sm',
                )}
              >
                {t('dashboard.analytics.days', { count: value })}
              </button>
            ))}
          </div>
        </div>
        <Suspense fallback={<Skeleton className="h-72" />}>
          <AnalyticsChart series={data.series} days={data.days} />
        </Suspense>
      </section>
      <PerformanceTable rows={data.coursePerformance} days={data.days} />
      <AiInsight />
    </div>
  );
}

/** The way to AI insight: the creator's insights step reads a chosen course's real figures and suggests what to improve. */
function AiInsight() {
  const { t } = useTranslation('account');
  return (
    <section aria-labelledby="ai-insight-title" className="flex flex-wrap items-center gap-4 rounded-2xl border border-border bg-card p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
        <Lightbulb aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="ai-insight-title" className="font-semibold">
          {t('dashboard.aiInsight.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('dashboard.aiInsight.description')}</p>
      </div>
      <LinkButton to={`${CREATOR_PAGE_PATH}?step=insights`} variant="secondary">
        {t('dashboard.aiInsight.action')}
      </LinkButton>
    </section>
  );
}

function Summary({ data }: { data: TAnalytics }) {
  const { t } = useTranslation('account');
  const cards = [
    { key: 'revenue', icon: Coins, value: formatMoney(data.totalRevenue) },
    { key: 'students', icon: Users, value: formatNumber(data.totalStudents) },
    { key: 'completions', icon: Award, value: formatNumber(data.totalCompletions) },
    {
      key: 'rating',
      icon: Star,
      value: data.averageRating === null ? t('dashboard.analytics.noRating') : formatNumber(data.averageRating),
    },
    { key: 'completionRate', icon: ChartPie, value: formatPercent(data.completionRate / 100) },
    { key: 'views', icon: Eye, value: formatNumber(data.monthlyViews) },
  ] as const;
  return (
    <section aria-labelledby="analytics-summary-title">
      <h2 id="analytics-summary-title" className="sr-only">
        {t('dashboard.analytics.summary')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="analytics-summary">
        {cards.map(({ key, icon, value }) => (
          <StatCard
            key={key}
            icon={icon}
            label={t(`dashboard.analytics.cards.${key}`)}
            value={value}
            caption={t(`dashboard.analytics.cards.${key}Caption`)}
          />
        ))}
      </div>
    </section>
  );
}
