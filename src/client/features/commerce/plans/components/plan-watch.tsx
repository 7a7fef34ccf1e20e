import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Lock from 'lucide-react/icons/lock';
import type { Role } from '@shared/constants.ts';
import type { TPlanOverview } from '@shared/schemas/plans.ts';
import { Container } from '@/components/ui/container';
import { LinkButton } from '@/components/ui/link-button';
import { PLAN_REQUIRED_EVENT, watchRefusedWrites } from '@/lib/plan-required';
import { useTranslation } from '@/lib/use-translation';
import { planKey, usePlan } from '../api/get-plan';
import { BILLING_PATH, formatPlanDate } from '../lib/plan-dates';

function ReadOnlyBanner({ plan, role }: { plan: TPlanOverview; role: Role }) {
  const { t } = useTranslation('account');
  const ended = formatPlanDate((plan.plan === 'trial' ? plan.endsAt : plan.paidUntil) ?? '');
  return (
    <div className="border-b border-danger/40 bg-card">
      <Container className="flex max-w-7xl flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
        <section aria-labelledby="read-only-title" data-testid="read-only-banner" className="flex items-start gap-3 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <div>
            <h2 id="read-only-title" className="font-semibold">
              {plan.plan === 'trial' ? t('plan.banner.trialTitle', { date: ended }) : t('plan.banner.planTitle', { date: ended })}
            </h2>
            <p className="mt-1 text-muted-foreground">{t(role === 'admin' ? 'plan.banner.text' : 'plan.banner.textInstructor')}</p>
          </div>
        </section>
        {role === 'admin' && (
          <LinkButton to={BILLING_PATH} size="sm" className="shrink-0 self-start sm:self-center">
            {t('plan.choose')}
          </LinkButton>
        )}
      </Container>
    </div>
  );
}

/**
 * On every page of the app for a company's admins and instructors: the banner while the
 * company is read-only, and a toast with the server's message for any write refused with 402
 * PLAN_REQUIRED (every mutation; other writes announce it through lib/plan-required), after which
 * the plan is fetched again so the banner shows at once. Loaded on demand, off the first load.
 */
export default function PlanWatch({ role }: { role: Role }) {
  const queryClient = useQueryClient();
  const plan = usePlan();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: planKey });
    window.addEventListener(PLAN_REQUIRED_EVENT, refresh);
    const unsubscribe = watchRefusedWrites(queryClient);
    return () => {
      window.removeEventListener(PLAN_REQUIRED_EVENT, refresh);
      unsubscribe();
    };
  }, [queryClient]);
  if (!plan.data?.readOnly) return null;
  return <ReadOnlyBanner plan={plan.data} role={role} />;
}
