import { CoursePlayer } from '@/features/learning/learning/course-player';

/** /learn/:courseId/:lessonId?: the course player; the screen is its feature's. */
export default function PlayerRoute() {
  return <CoursePlayer />;
}
