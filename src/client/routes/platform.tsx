import Layers from 'lucide-react/icons/layers';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Smartphone from 'lucide-react/icons/smartphone';
import { InfoPage } from '@/features/marketing/components/info-page';

/** Platform overview (SPEC §2); the full page comes in a later issue. */
export default function PlatformRoute() {
  return <InfoPage page="platform" icons={[Layers, ShieldCheck, Smartphone]} soon={[true, false, false]} />;
}
