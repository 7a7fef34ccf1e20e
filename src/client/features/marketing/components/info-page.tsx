import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideProps } from 'lucide-react';
import { StageItem } from '@/components/ui/stage-item';
import { LinkButton } from '@/components/ui/link-button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHero } from '@/components/ui/page-hero';
import { usePageMeta } from '@/lib/use-page-meta';

export type InfoPageName = 'platform' | 'courses' | 'pricing' | 'resources' | 'courseCreator' | 'aiAssistant';

export interface InfoPageProps {
  page: InfoPageName;
  icons: readonly [ComponentType<LucideProps>, ComponentType<LucideProps>, ComponentType<LucideProps>];
}

const POINTS = ['one', 'two', 'three'] as const;

/** A public page's introduction: what the page is for and what the visitor will find there. */
export function InfoPage({ page, icons }: InfoPageProps) {
  const { t } = useTranslation('pages');
  usePageMeta(t(`${page}.title`), t(`${page}.lead`));
  return (
    <Container className="py-16 sm:py-20">
      <StageItem>
        <PageHero eyebrow={t(`${page}.eyebrow`)} title={t(`${page}.title`)} lead={t(`${page}.lead`)}>
          <LinkButton to="/register">{t('nav.getStarted', { ns: 'common' })}</LinkButton>
        </PageHero>
      </StageItem>
      <StageItem className="mt-14">
        <h2 className="text-xl font-semibold">{t('whatYouFind')}</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {POINTS.map((point, index) => {
            const Icon = icons[index] ?? icons[0];
            return (
              <li key={point}>
                <Card className="h-full">
                  <Icon aria-hidden="true" className="size-6 text-accent" />
                  <h3 className="mt-4 font-semibold">{t(`${page}.${point}.title`)}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{t(`${page}.${point}.text`)}</p>
                </Card>
              </li>
            );
          })}
        </ul>
      </StageItem>
    </Container>
  );
}
