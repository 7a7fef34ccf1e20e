import { useState } from 'react';
import type { TImportResult } from '@shared/schemas/team.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useImportInvitations } from '../api/team';

export function ImportForm() {
  const { t } = useTranslation('team');
  const importCsv = useImportInvitations();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<TImportResult | null>(null);
  const errors = isApiError(importCsv.error) ? (importCsv.error.body?.errors ?? {}) : {};
  return (
    <form
      noValidate
      aria-labelledby="import-heading"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setReport(null);
        importCsv.mutate(csv, { onSuccess: setReport });
      }}
    >
      <h3 id="import-heading" className="font-semibold">
        {t('import.heading')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('import.hint')}</p>
      <Field id="import-file" label={t('import.file')}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-foreground"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        )}
      </Field>
      <Field id="import-text" label={t('import.text')} error={errors.csv}>
        {(control) => <Textarea {...control} rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} className="font-mono text-sm" />}
      </Field>
      {importCsv.error && !errors.csv && (
        <p role="alert" className="text-sm text-danger">
          {serverMessage(importCsv.error) ?? t('failed')}
        </p>
      )}
      <Button type="submit" variant="secondary" className="self-start" disabled={importCsv.isPending}>
        {importCsv.isPending ? t('import.pending') : t('import.submit')}
      </Button>
      {report && (
        <div className="flex flex-col gap-2" data-testid="import-report">
          <p role="status">{t('import.summary', { invited: report.invited, skipped: report.skipped, failed: report.failed })}</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pe-3 font-medium">
                    {t('import.line')}
                  </th>
                  <th scope="col" className="py-2 pe-3 font-medium">
                    {t('import.email')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('import.result')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.line} className="border-b border-border/60 align-top">
                    <td className="py-2 pe-3">{row.line}</td>
                    <td className="py-2 pe-3 break-all">{row.email}</td>
                    <td className="py-2">
                      {t(`import.status.${row.status}`)}
                      {row.message && <span className="text-muted-foreground"> – {row.message}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </form>
  );
}
