import type { BillingPeriod } from '@shared/plans.ts';
import { BILLING_PERIODS } from '@shared/plans.ts';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { ANNUAL_DISCOUNT_PERCENT } from '../plans/plan-data';

/**
 * The pricing page's monthly/annual toggle: two radio buttons drawn as one segmented control (arrow keys
 * move between them, as with any radio group); annual carries the 'Spar 25%' badge.
 */
export function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const { t } = useTranslation('page-pricing');
  return (
    <fieldset className="flex flex-col items-center gap-3">
      <legend className="sr-only">{t('toggle.legend')}</legend>
      <div className="inline-flex rounded-full border border-border bg-card p-1 shadow-sm">
        {BILLING_PERIODS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              period === value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name="billing-period"
              value={value}
              checked={period === value}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            {t(`toggle.${value}`)}
            {value === 'annual' && (
              <span
                data-testid="annual-discount"
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs',
                  period === value ? 'bg-primary-foreground text-primary' : 'bg-accent-soft text-accent',
                )}
              >
                {t('toggle.save', { percent: ANNUAL_DISCOUNT_PERCENT })}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
