import { CoursePage } from '@/features/site/catalogue/course-page';

/** A published course's public page (/courses/:slug, and on a company's own site); the screen is its feature's. */
export default function CoursePageRoute() {
  return <CoursePage />;
}
