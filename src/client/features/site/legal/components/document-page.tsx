import { useEffect, type ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { StageItem } from '@/components/ui/stage-item';
import { currentLocale } from '@/lib/i18n';
import type { DocSection } from '../lib/blocks';
import { jumpTo } from '../lib/jump';
import { linkClasses, RichText } from './rich-text';

export interface DocumentPageProps {
  eyebrow: string;
  title: string;
  lead: string;
  /** 'Senest opdateret {{date}}', and the date it names (YYYY-MM-DD). */
  updatedLabel: (date: string) => string;
  updatedOn: string;
  /** The table of contents' heading; none for a short page. */
  tocTitle?: string;
  sections: DocSection[];
  children?: ReactNode;
}

function formatDate(isoDate: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** One section's blocks: paragraphs, subheadings (h3 under the section's h2) and bullet lists. */
function SectionBody({ section }: { section: DocSection }) {
  return section.blocks.map((block, index) => {
    if (block.kind === 'h') {
      return (
        <h3 key={index} className="mt-2 text-base font-semibold">
          {block.text}
        </h3>
      );
    }
    if (block.kind === 'list') {
      return (
        <ul key={index} className="flex list-disc flex-col gap-2 pl-5">
          {block.items.map((item) => (
            <li key={item}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      );
    }
    return (
      <p key={index}>
        <RichText text={block.text} />
      </p>
    );
  });
}

/**
 * A long public page – terms, privacy, GDPR, about: its one h1, the date it was last changed, a
 * table of contents of in-page links (for the long ones) and its sections as h2s with ids.
 */
export function DocumentPage({ eyebrow, title, lead, updatedLabel, updatedOn, tocTitle, sections, children }: DocumentPageProps) {
  // A direct visit to /privacy#cookies: the browser looked for the place before the text arrived.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) jumpTo(id, { focus: false });
  }, []);
  const [before, after] = updatedLabel('\u0000').split('\u0000');
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={eyebrow} title={title} lead={lead}>
          <p className="text-sm text-muted-foreground" data-testid="last-updated">
            {before}
            <time dateTime={updatedOn}>{formatDate(updatedOn)}</time>
            {after}
          </p>
        </PageHero>
      </StageItem>
      <StageItem className={tocTitle ? 'mt-12 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]' : 'mt-12'}>
        {tocTitle && (
          <nav aria-labelledby="toc-title" className="self-start rounded-2xl border border-border bg-card p-5 lg:sticky lg:top-24">
            <h2 id="toc-title" className="text-sm font-semibold">
              {tocTitle}
            </h2>
            <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className={linkClasses}
                    onClick={(event) => {
                      if (jumpTo(section.id)) event.preventDefault();
                    }}
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <article className="flex max-w-3xl flex-col gap-10">
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="flex flex-col gap-3 text-[15px] leading-relaxed">
              <h2 id={section.id} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold tracking-tight focus:outline-none">
                {section.title}
              </h2>
              <SectionBody section={section} />
            </section>
          ))}
          {children}
        </article>
      </StageItem>
    </Container>
  );
}
