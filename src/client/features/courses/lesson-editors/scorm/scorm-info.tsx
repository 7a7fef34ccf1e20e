import type { TScormContent } from '@shared/schemas/lesson-content.ts';
import { useTranslation } from '@/lib/use-translation';

/**
 * A SCORM lesson in the builder: what it plays. Its content is the package's, edited in the tool
 * that made it; the preview tab plays it.
 */
export function ScormInfo({ content }: { content: TScormContent }) {
  const { t } = useTranslation('lesson-editors');
  const rows: [string, string][] = [
    [t('scorm.version'), content.version],
    [t('scorm.launch'), content.launch],
    [t('scorm.mastery'), content.masteryScore === null ? t('scorm.noMastery') : t('scorm.percent', { value: content.masteryScore })],
  ];
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-labelledby="scorm-info-title">
      <h3 id="scorm-info-title" className="font-semibold">
        {t('scorm.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('scorm.about')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="break-all" data-testid="scorm-detail">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
