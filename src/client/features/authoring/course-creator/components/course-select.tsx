import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';
import { listCourses } from '../api/content';

/** The caller's courses (GET /api/courses), the draft's own first. */
export function useCourses() {
  return useQuery({ queryKey: ['creator', 'courses'], queryFn: ({ signal }) => listCourses(signal) });
}

/** The course a step works on: the one chosen, else the draft's, else the caller's first. */
export function useCourseChoice(chosen: string | null, draftCourseId: string | null): string | null {
  const courses = useCourses();
  return chosen ?? draftCourseId ?? courses.data?.courses[0]?.id ?? null;
}

export interface CourseSelectProps {
  value: string | null;
  draftCourseId: string | null;
  onChange: (courseId: string) => void;
}

/** Which course the step is about: a labelled select of the caller's courses, or why there is none. */
export function CourseSelect({ value, draftCourseId, onChange }: CourseSelectProps) {
  const { t } = useTranslation('creator-wizard');
  const id = useId();
  const courses = useCourses();
  if (courses.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {t('content.loadingCourses')}
      </p>
    );
  const list = courses.data?.courses ?? [];
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{t('content.noCourses')}</p>;
  return (
    <Field id={id} label={t('content.course')}>
      {(control) => (
        <select {...control} className={inputClasses} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id === draftCourseId ? t('content.draftCourse', { title: c.title }) : c.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
