import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@shared/constants.ts';
import { LinkButton } from '@/components/ui/link-button';

const FACTS = ['trial', 'card', 'languages', 'cvr'] as const;

/** Four plain facts about the offer, then the closing call to action. */
export function LandingFacts() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="facts-title" className="mx-auto max-w-6xl px-4 pt-4 pb-20 sm:px-6 lg:px-8">
      <div className="rounded-3xl border border-border bg-card p-6 sm:p-12">
        <h2 id="facts-title" className="text-3xl font-bold tracking-tight">
          {t('home.facts.title')}
        </h2>
        <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {FACTS.map((fact) => (
            <div key={fact} className="rounded-2xl bg-muted p-4 sm:p-5">
              <dt className="text-sm text-muted-foreground">{t(`home.facts.${fact}.label`)}</dt>
              <dd className="mt-2 text-lg font-bold break-words text-foreground sm:text-2xl">
                {t(`home.facts.${fact}.value`, { days: TRIAL_DAYS })}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-xl text-muted-foreground">{t('home.facts.closing')}</p>
          <LinkButton size="lg" to="/register">{t('nav.getStarted')}</LinkButton>
        </div>
      </div>
    </section>
  );
}
