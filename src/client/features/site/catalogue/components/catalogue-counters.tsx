import { useTranslation } from '@/lib/use-translation';
import type { TCataloguePage } from '@shared/schemas/catalogue.ts';
import { currentLocale } from '@/lib/i18n';

/**
 * The four counters above the catalogue, with what is really stored instead of a claim like "500+":
 * published courses, the companies and instructors behind them, and the categories that have any.
 */
export function CatalogueCounters({ counts }: { counts: TCataloguePage['counts'] }) {
  const { t } = useTranslation('page-courses');
  const number = new Intl.NumberFormat(currentLocale());
  const items = {
    courses: counts.courses,
    companies: counts.companies,
    instructors: counts.instructors,
    categories: Object.values(counts.byCategory).filter((count) => count > 0).length,
  };
  return (
    <dl aria-label={t('counters.label')} className="grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="catalogue-counters">
      {Object.entries(items).map(([key, value]) => (
        <div key={key} className="flex flex-col-reverse rounded-2xl border border-border bg-card p-5 text-center">
          <dt className="text-sm text-muted-foreground">{t(`counters.${key}` as 'counters.courses')}</dt>
          <dd className="text-3xl font-bold text-accent" data-testid={`counter-${key}`}>
            {number.format(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
