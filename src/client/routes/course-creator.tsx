import WandSparkles from 'lucide-react/icons/wand-sparkles';
import PenTool from 'lucide-react/icons/pen-tool';
import Rocket from 'lucide-react/icons/rocket';
import { InfoPage } from '@/features/marketing/components/info-page';

/** AI Course Creator (SPEC §2); the six-step wizard comes in a later issue. */
export default function CourseCreatorRoute() {
  return <InfoPage page="courseCreator" icons={[WandSparkles, PenTool, Rocket]} />;
}
