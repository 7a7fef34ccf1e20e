import Download from 'lucide-react/icons/download';
import { buttonClasses } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A report's downloads: CSV for Excel, a workbook, and a PDF laid out for an auditor. */
export function ExportLinks({ href }: { href: (format: ExportFormat) => string }) {
  const { t } = useTranslation('compliance');
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('matrix.export')}>
      <span className="text-sm font-medium">{t('matrix.export')}:</span>
      {EXPORT_FORMATS.map((format) => (
        <a key={format} className={buttonClasses('secondary', 'sm')} href={href(format)} download>
          <Download aria-hidden="true" className="size-4" />
          {t(`matrix.${format}`)}
        </a>
      ))}
    </div>
  );
}
