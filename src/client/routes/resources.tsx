import FileText from 'lucide-react/icons/file-text';
import PlayCircle from 'lucide-react/icons/circle-play';
import Mail from 'lucide-react/icons/mail';
import { InfoPage } from '@/features/marketing/components/info-page';

/** Resources library (SPEC §2); the searchable library comes in a later issue. */
export default function ResourcesRoute() {
  return <InfoPage page="resources" icons={[FileText, PlayCircle, Mail]} soon={[true, true, true]} />;
}
