import { Link } from 'react-router';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import Circle from 'lucide-react/icons/circle';
import { playerPath } from '@shared/routes.ts';
import type { TMyPath } from '@shared/schemas/paths.ts';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { useMyPaths } from './api/paths';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLanguage() === 'da' ? 'da-DK' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function PathCard({ path }: { path: TMyPath }) {
  const { t } = useTranslation('paths');
  const done = path.courses.filter((c) => c.completed).length;
  const next = path.completedAt ? undefined : path.courses.find((c) => !c.completed && c.published);
  const percent = path.courses.length === 0 ? 0 : Math.round((done / path.courses.length) * 100);
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="my-path">
      <div>
        <h3 className="text-lg font-semibold break-words">{path.title}</h3>
        {path.description && <p className="mt-1 text-sm break-words text-muted-foreground">{path.description}</p>}
        <p className="mt-1 text-sm text-muted-foreground">
          {path.completedAt
            ? t('mine.completedOn', { date: date(path.completedAt) })
            : path.dueAt && t('mine.due', { date: date(path.dueAt) })}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm">{t('mine.progress', { done, count: path.courses.length })}</span>
        <div
          role="progressbar"
          aria-label={t('mine.progress', { done, count: path.courses.length })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ol className="flex flex-col gap-1.5" aria-label={t('mine.courses', { title: path.title })}>
        {path.courses.map((course) => (
          <li key={course.id} className="flex items-center gap-2 text-sm">
            {course.completed ? (
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
            ) : (
              <Circle aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            )}
            {course.published ? (
              <Link to={playerPath(course.id)} className="min-w-0 break-words underline-offset-4 hover:underline">
                {course.title}
              </Link>
            ) : (
              <span className="min-w-0 break-words text-muted-foreground">
                {course.title} ({t('mine.unavailable')})
              </span>
            )}
            <span className="ml-auto shrink-0 text-xs text-muted-foreground">
              {course.completed ? t('mine.done') : course === next ? t('mine.next') : `${course.progress} %`}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-auto flex flex-wrap gap-2">
        {next && (
          <LinkButton to={playerPath(next.id)} size="sm">
            {t('mine.open', { title: next.title })}
          </LinkButton>
        )}
        {path.certificateCode && (
          <LinkButton to={`/verify/${path.certificateCode}`} variant="secondary" size="sm">
            {t('mine.certificate')}
          </LinkButton>
        )}
      </div>
    </Card>
  );
}

/** On /learn: the learning paths I am on, each course in order with where I am; nothing when I am on none. */
export function MyPaths() {
  const { t } = useTranslation('paths');
  const paths = useMyPaths();
  if (paths.isError)
    return (
      <p role="alert" className="text-danger">
        {t('mine.failed')}
      </p>
    );
  if (!paths.data || paths.data.paths.length === 0) return null;
  return (
    <section aria-labelledby="my-paths" className="flex flex-col gap-4">
      <h2 id="my-paths" className="text-xl font-semibold">
        {t('mine.title')}
      </h2>
      <ul className="grid gap-5 md:grid-cols-2">
        {paths.data.paths.map((path) => (
          <li key={path.id}>
            <PathCard path={path} />
          </li>
        ))}
      </ul>
    </section>
  );
}
