import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { APP_ROUTE_PATTERNS } from '@shared/routes.ts';
import { isSitePath } from '@shared/site-path.ts';
import type { ResourceLanguage } from '@shared/resources.ts';
import type { TResourceDetail } from '@shared/schemas/resources.ts';
import { DelayedPlaceholder } from '@/components/placeholders/delayed-placeholder';
import { Button, buttonClasses } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { recordResourceView, resourcePath } from '@/features/site/resources/api';
import { ResourceCard, typeBadge } from '@/features/site/resources/components/resource-card';
import { ResourceRating } from '@/features/site/resources/components/resource-rating';
import { useNoIndex, useOpenGraph } from '@/features/site/resources/page-meta';
import { formatCount, formatKilobytes, formatResourceDate } from '@/features/site/resources/resource-format';
import { getJson, useFetched } from '@/lib/use-fetched';
import { isApiError } from '@/lib/api-client';
import { ShellLink, useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';

/**
 * One resource of the library (`/resources/:slug`): the article the server rendered
 * from the repository's Markdown, its facts, the template's file for templates, and related
 * resources, and visitors' ratings. The visit is counted once (the server counts a visitor once a day).
 */
export function ResourcePage() {
  const { t: tp, i18n } = useTranslation('page-resource');
  const { pathname } = useShell();
  const lang: ResourceLanguage = i18n.language === 'en' ? 'en' : 'da';
  const slug = APP_ROUTE_PATTERNS.resourcePage.exec(pathname)?.[1] ?? '';
  const fetched = useFetched<TResourceDetail>(resourcePath(slug, lang), getJson);
  // Another resource's article is not shown while this one loads.
  const { error, retry } = fetched;
  const data = fetched.current ? fetched.data : undefined;
  const missing = !slug || (isApiError(error) && error.status === 404);

  usePageMeta(data?.title ?? (missing ? tp('notFound.title') : tp('eyebrow')), data?.description);
  useOpenGraph(data?.title ?? tp('listTitle'), data?.description ?? tp('listLead'), 'article');
  useNoIndex(missing);

  if (missing) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="resource-not-found">
        <h1 className="text-3xl font-bold">{tp('notFound.title')}</h1>
        <p className="text-muted-foreground">{tp('notFound.description')}</p>
        <LinkButton to="/resources">{tp('notFound.action')}</LinkButton>
      </div>
    );
  }
  if (error) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-2xl font-bold">{tp('failed')}</h1>
        <Button variant="secondary" onClick={retry}>
          {tp('retry')}
        </Button>
      </div>
    );
  }
  if (!data) return <DelayedPlaceholder kind="content" />;
  return <ResourceArticle resource={data} lang={lang} />;
}

function ResourceArticle({ resource, lang }: { resource: TResourceDetail; lang: ResourceLanguage }) {
  const { t: tp } = useTranslation('page-resource');
  const { navigate } = useShell();
  const [views, setViews] = useState<{ slug: string; count: number }>();
  const { slug } = resource;
  useEffect(() => {
    let live = true;
    recordResourceView(slug).then(
      (result) => live && setViews({ slug, count: result.views }),
      // Not counted (offline, throttled): the page still shows the count it loaded with.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [slug]);
  const viewCount = views?.slug === slug ? views.count : resource.views;

  // Links between our own pages in an article stay in the app instead of reloading it.
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !isSitePath(href) || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <nav aria-label={tp('breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <li>
            <ShellLink to="/" className="hover:text-foreground hover:underline">
              {tp('home')}
            </ShellLink>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <ShellLink to="/resources" className="font-medium text-accent hover:underline">
              {tp('library')}
            </ShellLink>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-foreground">
            {resource.title}
          </li>
        </ol>
      </nav>
      <div className="mt-8 grid gap-12 lg:grid-cols-[minmax(0,1fr)_300px]">
        <article className="min-w-0" lang={lang}>
          <header className="flex flex-col gap-4 border-b border-border pb-8">
            <div className="flex flex-wrap gap-2">
              <span className={typeBadge}>{tp(`typeOne.${resource.type}`)}</span>
              {resource.scenario && (
                <span className="w-fit rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">{tp('card.scenario')}</span>
              )}
            </div>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{resource.title}</h1>
            <p className="text-lg leading-relaxed text-pretty text-muted-foreground">{resource.description}</p>
            <p className="text-sm text-muted-foreground">
              {tp('by', { author: resource.author })} · {tp('published', { date: formatResourceDate(resource.published, lang) })}
            </p>
            {resource.scenario && (
              <p className="rounded-lg border border-border bg-muted px-4 py-3 text-sm" data-testid="scenario-note">
                {tp('scenarioNote')}
              </p>
            )}
          </header>
          {/* Our own Markdown from the repository, rendered on the server (micromark escapes any HTML in it). */}
          <div
            className="lesson-prose mt-8 max-w-[70ch] text-[1.0625rem] [&_h2]:scroll-mt-24 [&_strong]:font-semibold [&_strong]:text-foreground"
            data-testid="resource-body"
            onClick={follow}
            dangerouslySetInnerHTML={{ __html: resource.html }}
          />
        </article>
        <aside className="flex flex-col gap-6">
          {resource.download && (
            <section
              aria-labelledby="resource-download"
              className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6"
              data-testid="resource-download"
            >
              <h2 id="resource-download" className="text-lg font-semibold">
                {tp('download.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{tp(`download.${resource.download.format}`)}</p>
              <a href={resource.download.url} download={resource.download.fileName} className={buttonClasses('primary', 'md')}>
                {tp('download.button', { file: resource.download.fileName })}
              </a>
              <p className="text-xs text-muted-foreground">
                {tp('download.size', { size: formatKilobytes(resource.download.bytes, lang) })}
              </p>
            </section>
          )}
          <section aria-labelledby="resource-facts" className="rounded-2xl border border-border bg-card p-6">
            <h2 id="resource-facts" className="text-lg font-semibold">
              {tp('facts')}
            </h2>
            <dl className="mt-3 divide-y divide-border text-sm">
              {[
                [
                  tp(resource.type === 'videos' || resource.type === 'podcasts' ? 'card.duration' : 'card.readingTime'),
                  tp('card.minutes', { count: resource.minutes }),
                  'minutes',
                ],
                [tp('card.viewsLabel'), formatCount(viewCount, lang), 'views'],
                [tp('card.tags'), resource.tags.join(', '), 'tags'],
              ].map(([term, value, id]) => (
                <div key={id} className="flex justify-between gap-4 py-2">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="text-end font-medium" data-testid={`resource-fact-${id}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <ResourceRating key={resource.slug} resource={resource} lang={lang} />
        </aside>
      </div>
      {resource.related.length > 0 && (
        <section aria-labelledby="resource-related" className="mt-16 flex flex-col gap-5 border-t border-border pt-10">
          <h2 id="resource-related" className="text-2xl font-semibold">
            {tp('related')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-resources">
            {resource.related.map((other) => (
              <li key={other.slug}>
                <ResourceCard resource={other} ns="page-resource" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
