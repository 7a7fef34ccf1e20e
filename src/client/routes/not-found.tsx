import { useTranslation } from '@/lib/use-translation';
import House from 'lucide-react/icons/house';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { StageItem } from '@/components/ui/stage-item';
import { usePageMeta } from '@/lib/i18n';

/** Any path outside the app's route table. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.title'));
  return (
    <Container className="flex flex-col items-center py-24 text-center sm:py-32">
      <StageItem className="flex flex-col items-center gap-5">
        <p className="text-7xl font-black tracking-tight text-accent" aria-hidden="true">
          404
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('notFound.title')}</h1>
        <p className="max-w-md text-lg text-muted-foreground">{t('notFound.description')}</p>
        <LinkButton size="lg" to="/">
          <House aria-hidden="true" className="size-4" />
          {t('notFound.home')}
        </LinkButton>
      </StageItem>
    </Container>
  );
}
