import Download from 'lucide-react/icons/download';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { verifyPath } from '@shared/routes.ts';
import type { TMyCertificate } from '@shared/schemas/certificates.ts';
import { buttonClasses } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';

/**
 * A completed course's certificate: the PDF to download (a plain link: the server sends it as an
 * attachment) and its public verification page. A certificate that no longer verifies offers no
 * PDF; a revoked or expired one says so, and one that expires says until when.
 */
export function CertificateLinks({ certificate, courseTitle }: { certificate: TMyCertificate; courseTitle: string }) {
  const { t } = useTranslation('learning');
  return (
    <div className="flex flex-col gap-2" data-testid="certificate-links">
      <div className="flex flex-wrap gap-2">
        {certificate.status !== 'invalid' && (
          <a
            href={certificate.pdfUrl}
            download
            className={buttonClasses('secondary', 'sm')}
            aria-label={`${t('certificate.download')}: ${courseTitle}`}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('certificate.download')}
          </a>
        )}
        <LinkButton to={verifyPath(certificate.code)} variant="ghost" size="sm" aria-label={`${t('certificate.verify')}: ${courseTitle}`}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t('certificate.verify')}
        </LinkButton>
      </div>
      {certificate.status === 'genuine' && certificate.expiresAt && (
        <p className="text-sm text-muted-foreground">{t('certificate.validUntil', { date: formatDate(certificate.expiresAt) })}</p>
      )}
      {certificate.status !== 'genuine' && <p className="text-sm font-medium text-danger">{t(`certificate.${certificate.status}`)}</p>}
    </div>
  );
}
