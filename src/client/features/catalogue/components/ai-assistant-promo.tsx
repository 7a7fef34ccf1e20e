import { useTranslation } from '@/lib/use-translation';
import { LinkButton } from '@/components/ui/link-button';

/** SPEC §2's AI assistant promo; the assistants are not there yet, and it says so. */
export function AiAssistantPromo() {
  const { t } = useTranslation('page-courses');
  const { t: tc } = useTranslation('common');
  return (
    <section aria-labelledby="ai-promo" className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-card p-6">
      <h2 id="ai-promo" className="text-lg font-semibold">
        {t('promo.title')}{' '}
        <span className="ml-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs text-accent">{tc('comingSoon')}</span>
      </h2>
      <p className="text-muted-foreground">{t('promo.text')}</p>
      <LinkButton to="/ai-assistant" variant="secondary">
        {t('promo.action')}
      </LinkButton>
    </section>
  );
}
