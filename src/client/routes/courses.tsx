import BookOpen from 'lucide-react/icons/book-open';
import Search from 'lucide-react/icons/search';
import Award from 'lucide-react/icons/award';
import { InfoPage } from '@/features/marketing/components/info-page';

/** Course catalogue (SPEC §2); search, filters and course cards come in a later issue. */
export default function CoursesRoute() {
  return <InfoPage page="courses" icons={[Search, BookOpen, Award]} />;
}
