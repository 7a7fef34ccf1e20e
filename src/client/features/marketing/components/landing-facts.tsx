import { useTranslation } from '@/lib/use-translation';
import { TRIAL_DAYS } from '@shared/constants.ts';
import { StartCta } from './start-cta';

const FACTS = ['trial', 'card', 'languages', 'cvr'] as const;

/**
 * Four plain facts about the offer, then the closing call to action. The values are short words
 * sized to fit a tile whole: no word is split across lines (break-words used to cut them
 * mid-word), and `hyphens: auto` lets browsers with a dictionary for the page's language
 * hyphenate properly if a translation ever grows. Below 360 px the tiles stack, as two columns
 * leave too little room for words like "prøveperiode".
 */
export function LandingFacts() {
  const { t, i18n } = useTranslation('page-home');
  const { t: tc } = useTranslation('common');
  return (
    <section aria-labelledby="facts-title" className="mx-auto max-w-6xl px-4 pt-4 pb-20 sm:px-6 lg:px-8">
      <div className="rounded-3xl border border-border bg-card p-6 sm:p-12">
        <h2 id="facts-title" className="text-3xl font-bold tracking-tight">
          {t('facts.title')}
        </h2>
        <dl lang={i18n.language} className="mt-8 grid grid-cols-1 gap-3 hyphens-auto min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {FACTS.map((fact) => (
            <div key={fact} data-testid="fact-tile" className="min-w-0 rounded-2xl bg-muted p-4 sm:p-5">
              <dt className="text-sm text-muted-foreground">{t(`facts.${fact}.label`)}</dt>
              <dd className="mt-2 text-lg font-bold text-foreground sm:text-2xl lg:text-xl xl:text-2xl">
                {t(`facts.${fact}.value`, { days: TRIAL_DAYS })}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-xl text-muted-foreground">{t('facts.closing')}</p>
          <StartCta size="lg">{tc('nav.getStarted')}</StartCta>
        </div>
      </div>
    </section>
  );
}
