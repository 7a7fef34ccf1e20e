import CreditCard from 'lucide-react/icons/credit-card';
import Scale from 'lucide-react/icons/scale';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import { InfoPage } from '@/features/marketing/components/info-page';

/** Pricing (SPEC §2); plans and the comparison table come in a later issue. */
export default function PricingRoute() {
  return <InfoPage page="pricing" icons={[CalendarClock, Scale, CreditCard]} soon={[false, true, true]} />;
}
