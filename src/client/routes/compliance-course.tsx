import { CourseReportPage } from '@/features/compliance/course-report-page';

/** /compliance/courses/:courseId: a course's completion report; the screen is its feature's. */
export default function ComplianceCourseRoute() {
  return <CourseReportPage />;
}
