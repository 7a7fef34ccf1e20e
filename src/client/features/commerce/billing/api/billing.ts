import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBilling, TBillingSettingsRequest, TCheckoutAnswer, TInvoiceSummary, TPlanCheckoutRequest } from '@shared/schemas/billing.ts';
import { api } from '@/lib/api-client';

/** The company's plan and invoices, its EAN number, and Stripe Checkout. */

const billingKey = ['billing'] as const;
const invoicesKey = ['billing', 'invoices'] as const;

export function useBilling(enabled = true) {
  return useQuery({ queryKey: billingKey, queryFn: ({ signal }) => api.get<TBilling>('/api/billing', signal), enabled });
}

export function useInvoices(enabled = true) {
  return useQuery({ queryKey: invoicesKey, queryFn: ({ signal }) => api.get<TInvoiceSummary[]>('/api/billing/invoices', signal), enabled });
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

export const invoicePdfUrl = (id: string) => `/api/billing/invoices/${encodeURIComponent(id)}/pdf`;
