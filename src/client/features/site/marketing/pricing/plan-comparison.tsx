import Check from 'lucide-react/icons/check';
import Minus from 'lucide-react/icons/minus';
import { PLAN_FEATURES } from '@shared/plan-features.ts';
import { PAID_PLANS, PLAN_LIMITS } from '@shared/plans.ts';
import { currentLocale } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/** Rows that differ by plan come from PLAN_LIMITS and PLAN_FEATURES, which the server enforces; the rest every plan has. */
const LIMIT_ROWS = ['activeCourses', 'students', 'admins'] as const;
const FEATURE_ROWS = ['whiteLabel', 'customDomain'] as const;
const SHARED_ROWS = ['creator', 'assistants', 'site', 'certificates', 'payments', 'invoices'] as const;

/** The feature comparison table on /pricing. */
export function PlanComparison() {
  const { t } = useTranslation('page-pricing');
  const { t: tp } = useTranslation('plans');
  const limit = (n: number | null) => (n === null ? t('compare.unlimited') : n.toLocaleString(currentLocale()));
  return (
    <section aria-labelledby="compare-title">
      <h2 id="compare-title" className="text-center text-3xl font-bold tracking-tight">
        {t('compare.title')}
      </h2>
      <div className="mt-8 overflow-x-auto rounded-2xl border border-border bg-card">
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="plan-comparison">
          <caption className="sr-only">{t('compare.caption')}</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="p-4 font-semibold">
                {t('compare.feature')}
              </th>
              {PAID_PLANS.map((plan) => (
                <th key={plan} scope="col" className="p-4 font-semibold">
                  {tp(`plan.${plan}.name`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LIMIT_ROWS.map((row) => (
              <tr key={row} className="border-b border-border">
                <th scope="row" className="p-4 font-medium">
                  {t(`compare.rows.${row}`)}
                </th>
                {PAID_PLANS.map((plan) => (
                  <td key={plan} className="p-4 tabular-nums">
                    {limit(PLAN_LIMITS[plan][row])}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="border-b border-border">
              <th scope="row" className="p-4 font-medium">
                {t('compare.rows.analytics')}
              </th>
              {PAID_PLANS.map((plan) => (
                <td key={plan} className="p-4" data-testid={`analytics-${plan}`}>
                  {t(PLAN_FEATURES[plan].advancedAnalytics ? 'compare.analytics.advanced' : 'compare.analytics.basic')}
                </td>
              ))}
            </tr>
            {FEATURE_ROWS.map((feature) => (
              <tr key={feature} className="border-b border-border">
                <th scope="row" className="p-4 font-medium">
                  {t(`compare.rows.${feature}`)}
                </th>
                {PAID_PLANS.map((plan) => (
                  <td key={plan} className="p-4" data-testid={`${feature}-${plan}`}>
                    {PLAN_FEATURES[plan][feature] ? (
                      <>
                        <Check aria-hidden="true" className="size-4 text-success" />
                        <span className="sr-only">{t('compare.included')}</span>
                      </>
                    ) : (
                      <span className="text-muted-foreground">{t('compare.notIncluded')}</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
            {SHARED_ROWS.map((row) => (
              <tr key={row} className="border-b border-border last:border-b-0">
                <th scope="row" className="p-4 font-medium">
                  {t(`compare.rows.${row}`)}
                </th>
                {PAID_PLANS.map((plan) => (
                  <td key={plan} className="p-4">
                    <Check aria-hidden="true" className="size-4 text-success" />
                    <span className="sr-only">{t('compare.included')}</span>
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row" className="p-4 font-medium">
                {t('compare.rows.support')}
              </th>
              {PAID_PLANS.map((plan) => (
                <td key={plan} className="p-4">
                  {t(`compare.support.${plan}`)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
        <Minus aria-hidden="true" className="size-4" />
        {t('compare.note')}
      </p>
      <p className="mt-2 text-sm text-muted-foreground" data-testid="analytics-note">
        {t('compare.analytics.note')}
      </p>
    </section>
  );
}
