import GraduationCap from 'lucide-react/icons/graduation-cap';
import Palette from 'lucide-react/icons/palette';
import Microscope from 'lucide-react/icons/microscope';
import { InfoPage } from '@/features/marketing/components/info-page';

/** AI assistants (SPEC §2); status cards and the connection test come in a later issue. */
export default function AiAssistantRoute() {
  return <InfoPage page="ai-assistant" icons={[GraduationCap, Palette, Microscope]} soon={[true, true, true]} />;
}
