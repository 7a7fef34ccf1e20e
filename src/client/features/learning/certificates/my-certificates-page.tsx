import Award from 'lucide-react/icons/award';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import { compliancePersonPath } from '@shared/routes.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { formatDate } from '@/lib/format';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useMyCertificates } from './api/certificates';
import { CertificateLinks } from './components/certificate-links';

/** /certificates: every certificate the person holds, newest first, each to download and verify. */
export function MyCertificatesPage() {
  const { t } = useTranslation('learning');
  usePageMeta(t('certificates.title'));
  const certificates = useMyCertificates();
  const { data: me } = useMe();
  const list = certificates.data?.certificates ?? [];
  return (
    <Container className="flex max-w-5xl flex-col gap-8 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('certificates.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('certificates.lead')}</p>
        {me && (
          // The training record (required courses, deadlines and every certificate) is each person's own to read.
          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
            <LinkButton to={compliancePersonPath(me.id)} variant="secondary" size="sm">
              <ClipboardCheck aria-hidden="true" className="size-4" />
              {t('certificates.record')}
            </LinkButton>
            <span className="text-sm text-muted-foreground">{t('certificates.recordHint')}</span>
          </div>
        )}
      </header>
      {certificates.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      ) : certificates.isError ? (
        <p role="alert" className="text-danger">
          {t('failed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void certificates.refetch()}>
            {t('retry')}
          </Button>
        </p>
      ) : list.length === 0 ? (
        <EmptyState icon={Award} level={2} title={t('certificates.empty.title')} description={t('certificates.empty.description')}>
          <LinkButton to="/learn">{t('certificates.empty.action')}</LinkButton>
        </EmptyState>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2" aria-label={t('certificates.title')}>
          {list.map((certificate) => (
            <li key={certificate.code}>
              <Card className="flex h-full flex-col gap-4 p-5">
                <div>
                  {certificate.kind === 'path' && (
                    <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('certificates.ofPath')}</p>
                  )}
                  <h2 className="text-lg font-semibold break-words">{certificate.courseTitle}</h2>
                  <p className="mt-1 text-sm text-muted-foreground">
                    {t('certificates.issued', { company: certificate.companyName, date: formatDate(certificate.issuedAt) })}
                  </p>
                </div>
                <CertificateLinks certificate={certificate} courseTitle={certificate.courseTitle} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
