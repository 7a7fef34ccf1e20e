import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Languages from 'lucide-react/icons/languages';
import type { TCourse } from '@shared/schemas/courses.ts';
import type { TCourseTranslation } from '@shared/schemas/course-translation.ts';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';
import { refusalOf, RefusalNotice, type AiRefusal } from './ai-refusal';
import { isOpen, translateCourse, translationsQuery, useJobProgress, useTranslations } from '../api/translations';

/**
 * The course in the other language: its original and translations, and a button
 * that makes an AI translation into a new linked course, with the job's progress while it runs.
 */
export function Translations({ course }: { course: TCourse }) {
  const { t } = useTranslation('builder');
  const queryClient = useQueryClient();
  const list = useTranslations(course.id);
  const [problem, setProblem] = useState<AiRefusal | null>(null);
  const other = course.language === 'da' ? 'en' : 'da';
  const running = list.data?.some((item) => item.language === other && isOpen(item.job?.status));

  const translation = useMutation({
    mutationFn: () => translateCourse(course.id, other),
    onMutate: () => setProblem(null),
    // Busy until the list shows the new translation, so the button cannot start a second one.
    onSuccess: () => queryClient.invalidateQueries(translationsQuery(course.id)),
    onError: (failure) => setProblem(refusalOf(failure, t('translations.failed'))),
  });
  const busy = translation.isPending;

  return (
    <section aria-labelledby="translations-heading" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5">
      <div className="flex items-center gap-2">
        <Languages aria-hidden="true" className="size-5 text-primary" />
        <h2 id="translations-heading" className="text-lg font-semibold">
          {t('translations.title')}
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">{t('translations.intro', { language: t(`translations.language.${other}`) })}</p>
      {list.data && list.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.data.map((item) => (
            <TranslationItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => translation.mutate()}
          disabled={busy || running === true || course.status === 'archived'}
        >
          {busy && <Spinner className="size-4" />}
          {t('translations.start', { language: t(`translations.language.${other}`) })}
        </Button>
      </div>
      {problem && <RefusalNotice refusal={problem} />}
    </section>
  );
}

function TranslationItem({ item }: { item: TCourseTranslation }) {
  const { t } = useTranslation('builder');
  const open = isOpen(item.job?.status);
  const job = useJobProgress(open && item.job ? item.job.id : null);
  const status = job.data?.status ?? item.job?.status;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{item.title}</p>
          <p className="text-sm text-muted-foreground">
            {t(`translations.relation.${item.relation}`)} · {t(`translations.language.${item.language}`)}
            {status && item.relation === 'translation' && <> · {t(`translations.job.${status}`, { defaultValue: status })}</>}
          </p>
        </div>
        <LinkButton to={`/dashboard/courses/${item.id}`} variant="ghost" size="sm">
          {t('translations.open')}
        </LinkButton>
      </div>
      {isOpen(status) && (
        <div className="flex items-center gap-3">
          <progress
            className="h-2 w-full accent-primary"
            max={100}
            value={job.data?.progress ?? 0}
            aria-label={t('translations.progress', { title: item.title })}
          />
          <span className="text-sm tabular-nums">{job.data?.progress ?? 0} %</span>
        </div>
      )}
      {status === 'failed' && <p className="text-sm text-danger">{t('translations.partly')}</p>}
    </li>
  );
}
