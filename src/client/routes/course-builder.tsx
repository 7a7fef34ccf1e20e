import { useTranslation } from '@/lib/use-translation';
import { useParams } from 'react-router';
import Lock from 'lucide-react/icons/lock';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { useMe } from '@/lib/me';
import { CourseBuilder } from '@/features/courses/builder/components/course-builder';

/** /dashboard/courses/:courseId: instructors and admins build their courses here (the route table's guard ensures a session). */
export default function CourseBuilderRoute() {
  const { courseId = '' } = useParams();
  const { t } = useTranslation('builder');
  const { t: tm } = useTranslation('messages');
  const { data: user } = useMe();
  if (!user) return null;
  return (
    <Container className="max-w-7xl py-10 sm:py-12">
      {user.role === 'learner' ? (
        <EmptyState icon={Lock} level={2} title={tm('course.learnersCannotEdit')}>
          <LinkButton to="/dashboard" variant="secondary">
            {t('backToDashboard')}
          </LinkButton>
        </EmptyState>
      ) : (
        <CourseBuilder key={courseId} courseId={courseId} />
      )}
    </Container>
  );
}
