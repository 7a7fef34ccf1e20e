import Search from 'lucide-react/icons/search';
import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { verifyPath } from '@shared/routes.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { RichText } from '@/features/site/legal/components/rich-text';
import { faqTopics, searchFaq, type FaqTopic } from '@/features/site/legal/lib/faq-search';
import { jumpTo } from '@/features/site/legal/lib/jump';
import { useShell } from '@/lib/shell-context';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/** A certificate's code as /verify/{code} accepts it (APP_ROUTE_PATTERNS.verifyCertificate). */
const CODE = /^[A-Za-z0-9-]{1,64}$/;

function Answer({ text }: { text: string }) {
  return text.split('\n\n').map((paragraph, index) => (
    <p key={index}>
      <RichText text={paragraph} />
    </p>
  ));
}

/** The topics and their questions as disclosure widgets; while searching, the matches show open. */
function Topics({ topics, open }: { topics: FaqTopic[]; open: boolean }) {
  return topics.map((topic) => (
    <section key={topic.id} aria-labelledby={`topic-${topic.id}`} className="flex flex-col gap-3">
      <h2 id={`topic-${topic.id}`} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold tracking-tight focus:outline-none">
        {topic.title}
      </h2>
      <div className="flex flex-col gap-2">
        {topic.items.map((item) => (
          <details
            key={item.id}
            id={item.id}
            open={open || undefined}
            className="group rounded-xl border border-border bg-card"
            data-testid="faq-item"
          >
            <summary className="cursor-pointer list-none rounded-xl px-5 py-4 font-medium marker:content-none focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              <span className="flex items-start justify-between gap-4">
                {item.question}
                <span aria-hidden="true" className="text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <div className="flex flex-col gap-3 px-5 pb-5 text-[15px] leading-relaxed">
              <Answer text={item.answer} />
            </div>
          </details>
        ))}
      </div>
    </section>
  ));
}

/** Check a certificate: its code leads to the public verification page. */
function VerifyCertificate() {
  const { t } = useTranslation('page-help');
  const { navigate } = useShell();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (CODE.test(trimmed)) navigate(verifyPath(trimmed.toUpperCase()));
    else setInvalid(true);
  };
  return (
    <Card className="flex flex-col gap-3">
      <h2 id="verify" tabIndex={-1} className="scroll-mt-24 text-lg font-semibold focus:outline-none">
        {t('verify.title')}
      </h2>
      <p id="verify-text" className="text-sm text-muted-foreground">
        {t('verify.text')}
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <label htmlFor="verify-code" className="text-sm font-medium">
          {t('verify.label')}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input
            id="verify-code"
            value={code}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'verify-error verify-text' : 'verify-text'}
            onChange={(event) => {
              setCode(event.target.value);
              setInvalid(false);
            }}
          />
          <Button type="submit" variant="secondary" className="shrink-0">
            {t('verify.submit')}
          </Button>
        </div>
        {invalid && (
          <p id="verify-error" className="text-sm text-danger">
            {t('verify.invalid')}
          </p>
        )}
      </form>
    </Card>
  );
}

/** The help centre: the questions by topic, searched in the browser. */
export function HelpPage() {
  const { t } = useTranslation('page-help');
  usePageMeta(t('meta.title'), t('meta.description'));
  const searchId = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const topics = useMemo(() => faqTopics(t('topics', { returnObjects: true })), [t]);
  const found = useMemo(() => searchFaq(topics, deferred), [topics, deferred]);
  const searching = deferred.trim() !== '';
  const count = found.reduce((sum, topic) => sum + topic.items.length, 0);
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      </StageItem>
      <StageItem className="mt-10 flex max-w-3xl flex-col gap-10">
        <form role="search" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-2">
          <label htmlFor={searchId} className="text-sm font-medium">
            {t('search.label')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              value={query}
              placeholder={t('search.placeholder')}
              className="pl-10"
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <p role="status" className="min-h-5 text-sm text-muted-foreground">
            {searching ? t('search.count', { count }) : ''}
          </p>
        </form>
        {count === 0 ? (
          <div
            data-testid="help-empty"
            className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center"
          >
            <h2 className="text-base font-semibold">{t('search.emptyTitle', { query: deferred.trim() })}</h2>
            <p className="max-w-md text-sm text-muted-foreground">{t('search.emptyText')}</p>
            <LinkButton to="/contact">{t('more.contact')}</LinkButton>
          </div>
        ) : (
          // Remounted when a search starts or ends, so matches open and the full list closes again.
          <div key={searching ? 'search' : 'all'} className="flex flex-col gap-10">
            {!searching && (
              <nav aria-label={t('topicsLabel')}>
                <ul className="flex flex-wrap gap-2">
                  {topics.map((topic) => (
                    <li key={topic.id}>
                      <a
                        href={`#topic-${topic.id}`}
                        className="inline-flex rounded-full border border-border bg-card px-3 py-1 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                        onClick={(event) => {
                          if (jumpTo(`topic-${topic.id}`)) event.preventDefault();
                        }}
                      >
                        {topic.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            <Topics topics={found} open={searching} />
          </div>
        )}
        <VerifyCertificate />
        <Card className="flex flex-col items-start gap-3">
          <h2 className="text-lg font-semibold">{t('more.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('more.text')}</p>
          <LinkButton to="/contact" variant="secondary">
            {t('more.contact')}
          </LinkButton>
        </Card>
      </StageItem>
    </Container>
  );
}
