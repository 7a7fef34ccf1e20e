import { LinkButton } from '@/components/ui/link-button';
import { DocumentPage } from '@/features/site/legal/components/document-page';
import { DpaDownload } from '@/features/site/legal/components/dpa-download';
import { SubprocessorList } from '@/features/site/legal/components/subprocessor-list';
import { documentSections } from '@/features/site/legal/lib/blocks';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/**
 * The text pages – terms, privacy, GDPR, the data processing agreement, its sub-processors and about – in one chunk: they share
 * all their code, and each page's text is its own translation namespace, loaded with the page.
 * One chunk instead of four keeps their entries in the first-load chunk (on every page) small.
 */

/** When each text last changed in substance (shown as "last updated"). */
const UPDATED_ON = '2026-12-03';

type DocumentNamespace = 'page-terms' | 'page-privacy' | 'page-gdpr' | 'page-dpa' | 'page-subprocessors' | 'page-about';

function useDocument(namespace: DocumentNamespace) {
  const { t } = useTranslation(namespace);
  usePageMeta(t('meta.title'), t('meta.description'));
  return {
    t,
    props: {
      eyebrow: t('eyebrow'),
      title: t('title'),
      lead: t('lead'),
      updatedLabel: (date: string) => t('updated', { date }),
      updatedOn: UPDATED_ON,
      sections: documentSections(t('sections', { returnObjects: true })),
    },
  };
}

export function TermsRoute() {
  const { t, props } = useDocument('page-terms');
  return <DocumentPage {...props} tocTitle={t('toc')} />;
}

export function PrivacyRoute() {
  const { t, props } = useDocument('page-privacy');
  return <DocumentPage {...props} tocTitle={t('toc')} />;
}

export function GdprRoute() {
  const { t, props } = useDocument('page-gdpr');
  return <DocumentPage {...props} tocTitle={t('toc')} />;
}

/** The data processing agreement; a company's admin downloads it with the company filled in. */
export function DpaRoute() {
  const { t, props } = useDocument('page-dpa');
  return (
    <DocumentPage {...props} tocTitle={t('toc')}>
      <DpaDownload />
    </DocumentPage>
  );
}

/** The sub-processors: what the page says of them, and the list the installation's configuration gives. */
export function SubprocessorsRoute() {
  const { t, props } = useDocument('page-subprocessors');
  return (
    <DocumentPage {...props} tocTitle={t('toc')}>
      <SubprocessorList />
    </DocumentPage>
  );
}

export function AboutRoute() {
  const { t, props } = useDocument('page-about');
  return (
    <DocumentPage {...props}>
      <div className="flex flex-wrap gap-3">
        <LinkButton to="/register">{t('cta.register')}</LinkButton>
        <LinkButton to="/contact" variant="secondary">
          {t('cta.contact')}
        </LinkButton>
      </div>
    </DocumentPage>
  );
}
