import { useId, useState, type FormEvent } from 'react';
import type { TBilling } from '@shared/schemas/billing.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useUpdateBillingSettings } from '@/features/commerce/billing/api/billing';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';

/** The company's EAN number, printed on its invoices from then on. */
export function EanForm({ billing }: { billing: TBilling }) {
  const { t } = useTranslation('account');
  const update = useUpdateBillingSettings();
  const [ean, setEan] = useState(billing.ean ?? '');
  const [saved, setSaved] = useState(false);
  const id = useId();
  const fieldError = isApiError(update.error) ? update.error.body?.errors?.ean : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate({ ean: ean.trim() }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Card role="region" aria-labelledby="ean-title" className="flex flex-col gap-3">
      <h2 id="ean-title" className="text-lg font-semibold">
        {t('billing.ean.title')}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          id={id}
          label={t('billing.ean.label')}
          hint={t('billing.ean.hint')}
          error={fieldError ?? (update.error && !fieldError ? (serverMessage(update.error) ?? t('billing.failed')) : undefined)}
          className="flex-1"
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              maxLength={13}
              value={ean}
              onChange={(e) => setEan(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={update.isPending}>
          {t('billing.ean.save')}
        </Button>
      </form>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {saved ? t('billing.ean.saved') : ''}
      </p>
    </Card>
  );
}
