import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { LucideProps } from 'lucide-react';
import { StageItem } from '@/components/ui/stage-item';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { usePageMeta } from '@/lib/use-page-meta';
import { ComingSoonBadge } from './coming-soon-badge';
import { StartCta } from './start-cta';

export type InfoPageName = 'platform' | 'courses' | 'pricing' | 'course-creator';

export interface InfoPageProps {
  page: InfoPageName;
  icons: readonly [ComponentType<LucideProps>, ComponentType<LucideProps>, ComponentType<LucideProps>];
  /** Which of the three points describe something Kursa does not have yet; those cards say so. */
  soon: readonly [boolean, boolean, boolean];
  /** What the page offers today, shown between the status note and the points (the creator's step 1). */
  children?: ReactNode;
}

const POINTS = ['one', 'two', 'three'] as const;

/**
 * A public page's introduction: what the page is for, what is true today (the status note) and
 * what is being built. Until a feature exists, its page promises nothing about it working.
 */
export function InfoPage({ page, icons, soon, children }: InfoPageProps) {
  // Every page's namespace has the same keys; the type of one stands for all.
  const { t } = useTranslation(`page-${page}` as 'page-platform');
  const { t: tc } = useTranslation('common');
  usePageMeta(t('title'), t('lead'));
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')}>
          <StartCta>{tc('nav.getStarted')}</StartCta>
        </PageHero>
      </StageItem>
      <StageItem className="mt-10">
        <p
          data-testid="page-status"
          className="max-w-3xl rounded-2xl border border-border bg-card p-4 text-sm leading-relaxed"
        >
          <span className="font-semibold text-accent">{tc('infoPage.statusLabel')}: </span>
          {t('status')}
        </p>
      </StageItem>
      {children && <StageItem className="mt-14">{children}</StageItem>}
      <StageItem className="mt-14">
        <h2 className="text-xl font-semibold">{tc('infoPage.whatYouFind')}</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {POINTS.map((point, index) => {
            const Icon = icons[index] ?? icons[0];
            return (
              <li key={point}>
                <Card className="h-full">
                  <div className="flex items-start justify-between gap-3">
                    <Icon aria-hidden="true" className="size-6 text-accent" />
                    {soon[index] && <ComingSoonBadge label={tc('comingSoon')} />}
                  </div>
                  <h3 className="mt-4 font-semibold">{t(`${point}.title`)}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{t(`${point}.text`)}</p>
                </Card>
              </li>
            );
          })}
        </ul>
      </StageItem>
    </Container>
  );
}
