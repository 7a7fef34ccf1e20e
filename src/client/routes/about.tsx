import { LinkButton } from '@/components/ui/link-button';
import { DocumentPage } from '@/features/legal/components/document-page';
import { documentSections } from '@/features/legal/lib/blocks';
import { usePageMeta } from '@/lib/use-page-meta';
import { useTranslation } from '@/lib/use-translation';

/** When the text last changed in substance (shown as "last updated"). */
const UPDATED_ON = '2026-11-27';

export default function AboutRoute() {
  const { t } = useTranslation('page-about');
  usePageMeta(t('meta.title'), t('meta.description'));
  return (
    <DocumentPage
      eyebrow={t('eyebrow')}
      title={t('title')}
      lead={t('lead')}
      updatedLabel={(date) => t('updated', { date })}
      updatedOn={UPDATED_ON}

      sections={documentSections(t('sections', { returnObjects: true }))}
    >
      <div className="flex flex-wrap gap-3">
        <LinkButton to="/register">{t('cta.register')}</LinkButton>
        <LinkButton to="/contact" variant="secondary">
          {t('cta.contact')}
        </LinkButton>
      </div>
    </DocumentPage>
  );
}
