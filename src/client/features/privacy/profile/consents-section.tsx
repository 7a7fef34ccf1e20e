import type { TConsent } from '@shared/schemas/legal.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useTranslation } from '@/lib/use-translation';
import { useConsents, useWithdrawConsent } from '../api/consents';

/** A moment as the person's clock in Denmark shows it. */
function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' }).format(
    new Date(iso),
  );
}

function ConsentItem({ consent, email }: { consent: TConsent; email: string }) {
  const { t } = useTranslation('privacy');
  const withdraw = useWithdrawConsent();
  const what = t(`consents.kinds.${consent.kind}`);
  const headingId = `consent-${consent.kind}-${consent.id}`;
  const onWithdraw = () =>
    withdraw.mutate(
      { kind: consent.kind, id: consent.id },
      {
        onSuccess: () => toast({ title: t('consents.done') }),
        onError: (error) =>
          toast({ title: t('consents.failed'), description: isApiError(error) ? error.message : undefined, variant: 'destructive' }),
      },
    );
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl border border-border p-4" data-testid="consent">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="font-semibold">
            {what}
          </h3>
          <p className="text-sm">{t(`consents.about.${consent.kind}`, { email, subject: consent.subject ?? '' })}</p>
        </div>
        {consent.withdrawable && (
          <Button
            variant="secondary"
            size="sm"
            onClick={onWithdraw}
            disabled={withdraw.isPending}
            aria-label={t('consents.withdrawLabel', { what })}
          >
            {t('consents.withdraw')}
          </Button>
        )}
      </div>
      <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground">
        <li>{t('consents.given', { date: formatTime(consent.givenAt) })}</li>
        {consent.kind === 'newsletter' && (
          <li>{consent.confirmedAt ? t('consents.confirmed', { date: formatTime(consent.confirmedAt) }) : t('consents.unconfirmed')}</li>
        )}
        {consent.withdrawnAt && <li>{t('consents.withdrawn', { date: formatTime(consent.withdrawnAt) })}</li>}
        {consent.text && <li>{t('consents.shown', { text: consent.text })}</li>}
        {consent.kind === 'contact' && <li>{t('consents.contactNote')}</li>}
      </ul>
    </li>
  );
}

/** "Dine samtykker": what the person agreed to, when, and a way to withdraw it where that makes sense. */
export function ConsentsSection({ user }: { user: TUser }) {
  const { t } = useTranslation('privacy');
  const consents = useConsents();
  return (
    <Card className="flex flex-col gap-4 p-6 sm:p-8">
      <section aria-labelledby="consents-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="consents-title" className="text-lg font-semibold">
            {t('consents.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('consents.lead')}</p>
        </div>
        {consents.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('consents.loading')}
          </p>
        ) : consents.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <p>{t('consents.error')}</p>
            <Button variant="secondary" size="sm" onClick={() => void consents.refetch()}>
              {t('consents.retry')}
            </Button>
          </div>
        ) : consents.data.consents.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="consents-empty">
            {t('consents.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {consents.data.consents.map((consent) => (
              <ConsentItem key={`${consent.kind}-${consent.id}`} consent={consent} email={user.email} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
