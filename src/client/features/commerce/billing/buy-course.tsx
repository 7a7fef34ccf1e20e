import { useEffect, useId, useState } from 'react';
import type { TCheckoutAnswer, TCourseCheckoutRequest, TCoursePurchase } from '@shared/schemas/billing.ts';
import type { TUser } from '@shared/schemas/users.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { api, isApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';

/**
 * Buying a paid course through Stripe Checkout: for oneself, or (admins) seats for
 * the company, whose members then enrol up to that number. Loaded only for a paid course and a
 * logged-in visitor, so the light course page carries none of it otherwise. The course comes with
 * Stripe's webhook once paid; an installation without Stripe says so when asked.
 */
export default function BuyCourse({ courseId, user }: { courseId: string; user: TUser }) {
  const { t } = useTranslation('account');
  const [pending, setPending] = useState<TCourseCheckoutRequest['for'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seats, setSeats] = useState('5');
  const seatsId = useId();
  const returned = new URLSearchParams(window.location.search).get('checkout');
  const [purchase, setPurchase] = useState<TCoursePurchase | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.get<TCoursePurchase>(`/api/courses/${encodeURIComponent(courseId)}/purchase`, controller.signal).then(setPurchase, () => undefined);
    return () => controller.abort();
  }, [courseId]);

  const buy = (body: TCourseCheckoutRequest) => {
    setPending(body.for);
    setError(null);
    api.post<TCheckoutAnswer>(`/api/courses/${encodeURIComponent(courseId)}/checkout`, body).then(
      ({ url }) => window.location.assign(url),
      (failure: unknown) => {
        setPending(null);
        setError((isApiError(failure) && failure.body?.message) || t('billing.buy.failed'));
      },
    );
  };
  const seatCount = Number(seats);

  // The company's own course, or one already enrolled in: nothing to buy.
  if (!purchase || purchase.own || (purchase.enrolled && user.role !== 'admin')) return null;
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-3" data-testid="buy-course">
      {returned === 'success' && (
        <p role="status" className="text-sm">
          {t('billing.buy.returned')}
        </p>
      )}
      {returned === 'cancelled' && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('billing.buy.cancelled')}
        </p>
      )}
      {purchase.seats && (
        <p className="text-sm" data-testid="course-seats">
          {t('billing.buy.seatsBought', { used: purchase.seats.used, seats: purchase.seats.seats })}
        </p>
      )}
      {!purchase.paymentsConfigured ? (
        <p role="note" className="text-sm text-muted-foreground">
          {t('billing.buy.notConfigured')}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('billing.buy.vat')}</p>
          {!purchase.enrolled && (
            <Button variant="secondary" disabled={pending !== null} onClick={() => buy({ for: 'self' })}>
              {pending === 'self' ? t('billing.buy.pending') : t('billing.buy.forMe')}
            </Button>
          )}
        </>
      )}
      {purchase.paymentsConfigured && user.role === 'admin' && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            buy({ for: 'company', seats: seatCount });
          }}
        >
          <label htmlFor={seatsId} className="text-sm font-medium">
            {t('billing.buy.seats')}
          </label>
          <div className="flex gap-2">
            <Input
              id={seatsId}
              type="number"
              min={1}
              max={1000}
              step={1}
              required
              value={seats}
              onChange={(e) => setSeats(e.target.value)}
              className="w-24"
            />
            <Button type="submit" variant="secondary" disabled={pending !== null || !Number.isInteger(seatCount) || seatCount < 1}>
              {pending === 'company' ? t('billing.buy.pending') : t('billing.buy.forCompany')}
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
