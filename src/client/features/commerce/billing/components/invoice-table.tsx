import type { TInvoiceSummary } from '@shared/schemas/billing.ts';
import { Card } from '@/components/ui/card';
import { invoicePdfUrl } from '@/features/commerce/billing/api/billing';
import { money } from '@/features/commerce/billing/lib/money';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';

/** The invoices the person may see, newest first, each as a PDF. */
export function Invoices({ invoices, loading, failed }: { invoices: TInvoiceSummary[] | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Card role="region" aria-labelledby="invoices-title" className="flex flex-col gap-3">
      <h2 id="invoices-title" className="text-lg font-semibold">
        {t('billing.invoices.title')}
      </h2>
      {loading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('billing.loading')}
        </p>
      ) : failed || !invoices ? (
        <p role="alert" className="text-sm text-danger">
          {t('billing.loadFailed')}
        </p>
      ) : invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('billing.invoices.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('billing.invoices.number')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('billing.invoices.date')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('billing.invoices.what')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('billing.invoices.total')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t('billing.invoices.pdf')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-border" data-testid="invoice-row">
                  <td className="py-2 pr-3">{invoice.number}</td>
                  <td className="py-2 pr-3">{formatDate(invoice.issuedAt)}</td>
                  <td className="py-2 pr-3">
                    {invoice.description}
                    <span className="block text-xs text-muted-foreground">{invoice.sellerName}</span>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {money(invoice.total, invoice.currency)}
                    <span className="block text-xs text-muted-foreground">
                      {t('billing.invoices.vat', { vat: money(invoice.vat, invoice.currency) })}
                    </span>
                  </td>
                  <td className="py-2">
                    <a
                      href={invoicePdfUrl(invoice.id)}
                      download
                      className="font-medium text-accent underline-offset-4 hover:underline"
                      aria-label={t('billing.invoices.download', { number: invoice.number })}
                    >
                      PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
