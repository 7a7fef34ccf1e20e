import Download from 'lucide-react/icons/download';
import FileArchive from 'lucide-react/icons/file-archive';
import type { TDataExport } from '@shared/schemas/exports.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { serverMessage } from '@/lib/form-errors';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { isUnderWay, useDataExports, useRequestDataExport, type ExportScope } from './api/exports';

/** A size in bytes as people read it: kB up to a megabyte, then MB. */
function size(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} kB`
    : `${formatNumber(Math.round(bytes / 1024 / 102.4) / 10)} MB`;
}

/**
 * A copy of data to download (GDPR art. 15 and 20): what it holds, the button that asks for it, and
 * the copies asked for with their status, followed while they are made, and their link until they
 * expire. The person's own under the profile's Sikkerhed tab; the company's on the admins' settings.
 */
export function DataExportCard({ scope }: { scope: ExportScope }) {
  const { t } = useTranslation('privacy');
  const exports = useDataExports(scope);
  const request = useRequestDataExport(scope);
  const id = `data-export-${scope}`;
  const underWay = exports.data?.exports.some(isUnderWay) ?? false;
  const ask = () =>
    request.mutate(undefined, {
      onError: (error) =>
        toast({ title: t('exports.failedTitle'), description: serverMessage(error) ?? t('exports.failed'), variant: 'destructive' }),
    });
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-6 sm:p-8">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <FileArchive aria-hidden="true" className="size-4.5" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t(`exports.${scope}.title`)}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t(`exports.${scope}.lead`)}</p>
        </div>
      </div>
      <p className="text-sm">{t(`exports.${scope}.contents`)}</p>
      <div>
        <Button type="button" onClick={ask} disabled={request.isPending || underWay}>
          <Download aria-hidden="true" className="size-4" />
          {t(`exports.${scope}.button`)}
        </Button>
        {underWay && <p className="mt-2 text-sm text-muted-foreground">{t('exports.underWay')}</p>}
      </div>
      {exports.isPending ? (
        <Loading />
      ) : exports.isError ? (
        <LoadFailed message={t('exports.loadFailed')} onRetry={exports.refetch} />
      ) : exports.data.exports.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
          aria-label={t('exports.listLabel')}
          aria-live="polite"
        >
          {exports.data.exports.map((e) => (
            <ExportRow key={e.id} item={e} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function ExportRow({ item }: { item: TDataExport }) {
  const { t } = useTranslation('privacy');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm" data-testid="data-export">
      <div className="flex flex-col gap-0.5">
        <span className="font-medium">{t('exports.asked', { date: formatDateTime(item.createdAt) })}</span>
        <span className="text-muted-foreground" data-status={item.status}>
          {t(`exports.status.${item.status}`)}
          {item.status === 'ready' && item.expiresAt && ` · ${t('exports.until', { date: formatDate(item.expiresAt) })}`}
          {item.status === 'ready' && item.size !== null && ` · ${size(item.size)}`}
        </span>
      </div>
      {item.status === 'ready' && item.downloadUrl && (
        <a
          href={item.downloadUrl}
          download
          className="inline-flex items-center gap-2 font-medium text-accent underline-offset-4 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('exports.download')}
        </a>
      )}
    </li>
  );
}
