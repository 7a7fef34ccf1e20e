import { useTranslation } from '@/lib/use-translation';
import { LinkButton } from '@/components/ui/link-button';

/** The catalogue's AI assistant promo: the three assistants, on the page that shows and tests them. */
export function AiAssistantPromo() {
  const { t } = useTranslation('page-courses');
  return (
    <section aria-labelledby="ai-promo" className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-card p-6">
      <h2 id="ai-promo" className="text-lg font-semibold">
        {t('promo.title')}
      </h2>
      <p className="text-muted-foreground">{t('promo.text')}</p>
      <LinkButton to="/ai-assistant" variant="secondary">
        {t('promo.action')}
      </LinkButton>
    </section>
  );
}
