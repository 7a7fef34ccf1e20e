import { useState } from 'react';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import { playerPath } from '@shared/routes.ts';
import type { TMyCertificate } from '@shared/schemas/certificates.ts';
import type { TLearningItem } from '@shared/schemas/learning.ts';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { useCertificatesByCourse } from '@/features/learning/certificates/api/certificates';
import { CertificateLinks } from '@/features/learning/certificates/components/certificate-links';
import { useMyLearning } from '@/features/learning/learning/api/learning';
import { MyPaths } from '@/features/learning/paths/my-paths';
import { LearnIntro } from './learn-intro';
import { currentLanguage, usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';

/** /learn: my enrolled courses with progress, due dates and "continue where you left off". */
export function MyLearningPage() {
  const { t } = useTranslation('learning');
  usePageMeta(t('metaTitle'));
  const learning = useMyLearning();
  // Completed courses have certificates; asked for only when there is one.
  const certificates = useCertificatesByCourse(learning.data?.enrolments.some((item) => item.completedAt !== null) ?? false);
  return (
    <Container className="flex max-w-5xl flex-col gap-8 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('lead')}</p>
      </header>
      <LearnIntro />
      <MyPaths />
      {learning.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      ) : learning.isError ? (
        <p role="alert" className="text-danger">
          {t('failed')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void learning.refetch()}>
            {t('retry')}
          </Button>
        </p>
      ) : learning.data.enrolments.length === 0 ? (
        <EmptyState icon={GraduationCap} level={2} title={t('empty.title')} description={t('empty.description')}>
          <LinkButton to="/courses">{t('empty.action')}</LinkButton>
        </EmptyState>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2" aria-label={t('title')}>
          {learning.data.enrolments.map((item) => (
            <LearningCard key={item.enrolmentId} item={item} certificate={certificates.data?.get(item.courseId)} />
          ))}
        </ul>
      )}
    </Container>
  );
}

function LearningCard({ item, certificate }: { item: TLearningItem; certificate: TMyCertificate | undefined }) {
  const { t } = useTranslation('learning');
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(currentLanguage() === 'da' ? 'da-DK' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  const [now] = useState(() => Date.now());
  const overdue = item.dueAt !== null && !item.completedAt && new Date(item.dueAt).getTime() < now;
  const action = item.completedAt ? t('review') : item.completedLessons > 0 || item.progress > 0 ? t('continue') : t('start');
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5" data-testid="learning-card">
      {item.thumbnailUrl && <img src={item.thumbnailUrl} alt="" className="aspect-video w-full rounded-xl object-cover" loading="lazy" />}
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{item.title}</h2>
        <p className="text-sm text-muted-foreground">
          {item.instructor} · {item.companyName}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex justify-between text-sm">
          <span>{t('progress', { progress: item.progress })}</span>
          <span className="text-muted-foreground">{t('lessons', { done: item.completedLessons, count: item.lessonCount })}</span>
        </div>
        <div
          role="progressbar"
          aria-label={item.title}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.progress}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${item.progress}%` }} />
        </div>
      </div>
      {item.completedAt ? (
        <p className="text-sm font-medium text-success">{t('completed', { date: date(item.completedAt) })}</p>
      ) : (
        item.dueAt && (
          <p className={overdue ? 'text-sm font-medium text-danger' : 'text-sm text-muted-foreground'}>
            {overdue ? t('overdue', { date: date(item.dueAt) }) : t('due', { date: date(item.dueAt) })}
          </p>
        )
      )}
      <LinkButton to={playerPath(item.courseId, item.continueLessonId)} className="self-start" aria-label={`${action}: ${item.title}`}>
        {action}
      </LinkButton>
      {item.completedAt && certificate && <CertificateLinks certificate={certificate} courseTitle={item.title} />}
    </li>
  );
}
