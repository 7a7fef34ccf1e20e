import Check from 'lucide-react/icons/check';
import type { BillingPeriod } from '@shared/plans.ts';
import { Badge, Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { currentLocale } from '@/lib/i18n';
import { useShell } from '@/lib/shell-context';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { billingPath, planCards, POPULAR_PLAN, registerPath, type PlanCardData } from './plan-data';

/** The three plan cards of the landing and pricing pages, with the plans' prices in kroner, ex. moms. */
export function PlanCards({ period }: { period: BillingPeriod }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3" data-testid="plan-cards">
      {planCards(period).map((card) => (
        <li key={card.plan}>
          <PlanCard card={card} period={period} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ card, period }: { card: PlanCardData; period: BillingPeriod }) {
  const { t } = useTranslation('plans');
  // A visitor starts a trial with the plan chosen; a logged-in user chooses it for their company.
  const { session } = useShell();
  const money = (kroner: number) =>
    kroner.toLocaleString(currentLocale(), { style: 'currency', currency: 'DKK', maximumFractionDigits: 0 });
  const popular = card.plan === POPULAR_PLAN;
  const count = (n: number | null, key: 'courses' | 'students' | 'admins') =>
    n === null ? t(`limit.${key}Unlimited`) : t(`limit.${key}`, { count: n, formatted: n.toLocaleString(currentLocale()) });
  const features: string[] = [
    count(card.limits.activeCourses, 'courses'),
    count(card.limits.students, 'students'),
    count(card.limits.admins, 'admins'),
    ...(t(`plan.${card.plan}.features`, { returnObjects: true }) as string[]),
  ];
  return (
    <Card
      aria-labelledby={`plan-${card.plan}`}
      role="group"
      className={cn('flex h-full flex-col gap-5', popular && 'border-primary shadow-lg ring-1 ring-primary')}
      data-testid={`plan-${card.plan}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`plan-${card.plan}`} className="text-xl font-semibold">
          {t(`plan.${card.plan}.name`)}
        </h3>
        {popular && <Badge>{t('popular')}</Badge>}
      </div>
      <p className="text-sm leading-relaxed text-muted-foreground">{t(`plan.${card.plan}.description`)}</p>
      <div>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight tabular-nums" data-testid="plan-price">
            {money(card.monthlyKroner)}
          </span>
          <span className="text-sm text-muted-foreground">{t('perMonth')}</span>
        </p>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="plan-billing">
          {card.yearlyKroner === null ? t('billedMonthly') : t('billedYearly', { total: money(card.yearlyKroner) })}
        </p>
      </div>
      <ul className="flex flex-1 flex-col gap-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>
      <LinkButton
        to={session.user ? billingPath(card.plan, period) : registerPath(card.plan, period)}
        variant={popular ? 'primary' : 'secondary'}
        aria-describedby={`plan-${card.plan}`}
      >
        {session.user ? t('chooseSignedIn') : t('choose')}
      </LinkButton>
    </Card>
  );
}
