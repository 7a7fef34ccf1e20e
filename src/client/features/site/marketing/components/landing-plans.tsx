import { TRIAL_DAYS } from '@shared/constants.ts';
import { LinkButton } from '@/components/ui/link-button';
import { useTranslation } from '@/lib/use-translation';
import { PlanCards } from '../plans/plan-cards';

/** The landing page's three plan cards, on monthly billing; /pricing has the annual toggle and the comparison. */
export function LandingPlans() {
  const { t } = useTranslation('page-home');
  return (
    <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="plans-title" className="text-center text-3xl font-bold tracking-tight">
        {t('plans.title')}
      </h2>
      <p className="mx-auto mt-3 mb-10 max-w-2xl text-center text-muted-foreground">{t('plans.lead', { days: TRIAL_DAYS })}</p>
      <PlanCards period="monthly" />
      <p className="mt-8 text-center">
        <LinkButton to="/pricing" variant="ghost">
          {t('plans.compare')}
        </LinkButton>
      </p>
    </section>
  );
}
