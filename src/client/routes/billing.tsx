import { BillingPage } from '@/features/commerce/billing/billing-page';

/** /billing: the company's plan, payment settings and invoices; the screen is its feature's. */
export default function BillingRoute() {
  return <BillingPage />;
}
