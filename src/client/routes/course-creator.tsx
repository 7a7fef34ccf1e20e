import WandSparkles from 'lucide-react/icons/wand-sparkles';
import PenTool from 'lucide-react/icons/pen-tool';
import Rocket from 'lucide-react/icons/rocket';
import { StartChoice } from '@/features/course-creator/components/start-choice';
import { InfoPage } from '@/features/marketing/components/info-page';

/** AI Course Creator (SPEC §2): step 1's choice works for the manual path; the AI wizard comes in a later issue. */
export default function CourseCreatorRoute() {
  return (
    <InfoPage page="course-creator" icons={[WandSparkles, PenTool, Rocket]} soon={[false, true, false]}>
      <StartChoice />
    </InfoPage>
  );
}
