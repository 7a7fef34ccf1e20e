import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBilling,
  TBillingSettingsRequest,
  TCheckoutAnswer,
  TInvoiceSummary,
  TNextInvoice,
  TPlanCheckoutRequest,
} from '@shared/schemas/billing.ts';
import { api, apiRequest } from '@/lib/api-client';
import { planKey } from '@/features/commerce/plans/api/get-plan';

/** The company's plan and invoices, its EAN number, Stripe Checkout and changes to the subscription. */

const billingKey = ['billing'] as const;
const invoicesKey = ['billing', 'invoices'] as const;
const nextInvoiceKey = ['billing', 'next-invoice'] as const;

export function useBilling(enabled = true) {
  return useQuery({ queryKey: billingKey, queryFn: ({ signal }) => api.get<TBilling>('/api/billing', signal), enabled });
}

export function useInvoices(enabled = true) {
  return useQuery({ queryKey: invoicesKey, queryFn: ({ signal }) => api.get<TInvoiceSummary[]>('/api/billing/invoices', signal), enabled });
}

/** What Stripe will invoice next; asked only while a subscription renews. */
export function useNextInvoice(enabled: boolean) {
  return useQuery({
    queryKey: nextInvoiceKey,
    queryFn: ({ signal }) => api.get<TNextInvoice>('/api/billing/next-invoice', signal),
    enabled,
    retry: false,
  });
}

export function useUpdateBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBillingSettingsRequest) => api.patch<TBilling>('/api/billing/settings', body),
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
  });
}

/** Starts Checkout and sends the browser to Stripe's page; the plan comes with Stripe's webhook. */
export function usePlanCheckout() {
  return useMutation({
    mutationFn: (body: TPlanCheckoutRequest) => api.post<TCheckoutAnswer>('/api/billing/checkout', body),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** A change to the subscription answers the billing as it now is; invoices, the next one and the plan's limits follow. */
function useSubscriptionChange<T>(mutationFn: (body: T) => Promise<TBilling>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (billing) => {
      queryClient.setQueryData(billingKey, billing);
      void queryClient.invalidateQueries({ queryKey: invoicesKey });
      void queryClient.invalidateQueries({ queryKey: nextInvoiceKey });
      void queryClient.invalidateQueries({ queryKey: planKey });
    },
  });
}

export const useChangePlan = () =>
  useSubscriptionChange((body: TPlanCheckoutRequest) => api.post<TBilling>('/api/billing/subscription/change', body));

export const useWithdrawChange = () =>
  useSubscriptionChange(() => apiRequest<TBilling>('DELETE', '/api/billing/subscription/pending-change'));

/** Cancels the subscription at the period's end (true), or resumes it (false). */
export const useSetCancelled = () =>
  useSubscriptionChange((cancel: boolean) =>
    api.post<TBilling>(cancel ? '/api/billing/subscription/cancel' : '/api/billing/subscription/resume', {}),
  );

export const invoicePdfUrl = (id: string) => `/api/billing/invoices/${encodeURIComponent(id)}/pdf`;
