import { useTranslation } from '@/lib/use-translation';
import { resourcePath } from '@shared/routes.ts';
import type { ResourceLanguage } from '@shared/resources.ts';
import type { TResourceSummary } from '@shared/schemas/resources.ts';
import { ShellLink } from '@/lib/shell-context';
import { formatAverage, formatCount } from '../resource-format';

export const typeBadge = 'w-fit rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent';

export type CardNamespace = 'page-resources' | 'page-resource';

/**
 * A resource in the library's grid: its type, title (the link), description, time, views, rating
 * and topics, under a section's h2.
 */
export function ResourceCard({
  resource,
  large = false,
  ns = 'page-resources',
}: {
  resource: TResourceSummary;
  large?: boolean;
  ns?: CardNamespace;
}) {
  // Both pages' namespaces hold the card's strings (typeOne, card), so each page loads only its own.
  const { t, i18n } = useTranslation(ns as 'page-resources');
  const lang: ResourceLanguage = i18n.language === 'en' ? 'en' : 'da';
  const timed = resource.type === 'videos' || resource.type === 'podcasts';
  return (
    <article
      className="relative flex h-full flex-col gap-3 rounded-2xl border border-border bg-card p-5 transition-colors focus-within:border-ring hover:border-ring"
      data-testid="resource-card"
    >
      <div className="flex flex-wrap gap-2">
        <span className={typeBadge} data-testid="resource-type">
          {t(`typeOne.${resource.type}`)}
        </span>
        {resource.scenario && (
          <span className="w-fit rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">{t('card.scenario')}</span>
        )}
      </div>
      <h3 className={`${large ? 'text-xl' : 'text-lg'} font-semibold text-balance`}>
        {/* The whole card is the link's target area; the title is what is announced. */}
        <ShellLink to={resourcePath(resource.slug)} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none">
          {resource.title}
        </ShellLink>
      </h3>
      <p className="text-sm text-muted-foreground">{resource.description}</p>
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm">
        <div className="flex gap-1">
          <dt className="sr-only">{t(timed ? 'card.duration' : 'card.readingTime')}</dt>
          <dd>{t('card.minutes', { count: resource.minutes })}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">{t('card.viewsLabel')}</dt>
          <dd data-testid="resource-views">{t('card.views', { count: resource.views, views: formatCount(resource.views, lang) })}</dd>
        </div>
        {resource.rating.average !== null && (
          <div className="flex gap-1">
            <dt className="sr-only">{t('card.ratingLabel')}</dt>
            <dd data-testid="resource-rating">{t('card.rating', { average: formatAverage(resource.rating.average, lang) })}</dd>
          </div>
        )}
        {resource.download && (
          <div>
            <dt className="sr-only">{t('card.downloadLabel')}</dt>
            <dd>{t('card.download')}</dd>
          </div>
        )}
      </dl>
      <ul aria-label={t('card.tags')} className="flex flex-wrap gap-1.5">
        {resource.tags.map((tag) => (
          <li key={tag} className="rounded-md bg-muted px-2 py-0.5 text-xs text-foreground">
            {tag}
          </li>
        ))}
      </ul>
    </article>
  );
}
