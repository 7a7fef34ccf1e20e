import { CoursePreviewPage } from '@/features/site/catalogue/course-preview-page';

/** A course's free preview lessons; the screen is its feature's. */
export default function CoursePreviewRoute() {
  return <CoursePreviewPage />;
}
