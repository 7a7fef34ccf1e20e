import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { courseBuilderPath } from '@shared/routes.ts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useShell } from '@/lib/shell-context';
import { useInstructorCourses } from '@/features/site/instructors/api';
import { ChoiceList } from './choice-list';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { ScormCourseImport } from './scorm-course-import';

/** What the builder opens to (its ?media= parameter): the cover image, or a new video, download or SCORM lesson. */
const MEDIA = ['image', 'video', 'download', 'scorm'] as const;
type Media = (typeof MEDIA)[number];

export interface UploadContentDialogProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreateCourse: () => void;
}

/** "Upload content": which course, and what to add; the builder then opens where that is uploaded. */
export function UploadContentDialog({ userId, open, onOpenChange, onCreateCourse }: UploadContentDialogProps) {
  const { t } = useTranslation('account');
  const { navigate } = useShell();
  const courses = useInstructorCourses(userId, open);
  const editable = (courses.data ?? []).filter((course) => course.status !== 'archived');
  const [chosen, setChosen] = useState<string | null>(null);
  const [media, setMedia] = useState<Media>('video');
  const courseId = chosen && editable.some((course) => course.id === chosen) ? chosen : (editable[0]?.id ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (courseId) navigate(`${courseBuilderPath(courseId)}?media=${media}`);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('dashboard.upload.title')} description={t('dashboard.upload.description')}>
      {courses.isPending ? (
        <Loading />
      ) : courses.isError ? (
        <LoadFailed message={t('dashboard.courseList.failed')} />
      ) : editable.length === 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">{t('dashboard.upload.noCourses')}</p>
          <Button
            className="self-start"
            onClick={() => {
              onOpenChange(false);
              onCreateCourse();
            }}
          >
            {t('dashboard.createCourse')}
          </Button>
          <ScormCourseImport />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <form onSubmit={submit} className="flex flex-col gap-5">
            <ChoiceList
              name="upload-course"
              legend={t('dashboard.upload.course')}
              value={courseId ?? ''}
              onChange={setChosen}
              options={editable.map((course) => ({
                value: course.id,
                label: course.title,
                hint: t(`dashboard.courseList.status.${course.status}`),
              }))}
            />
            <ChoiceList
              name="upload-media"
              legend={t('dashboard.upload.what')}
              value={media}
              onChange={(value) => setMedia(value as Media)}
              options={MEDIA.map((value) => ({
                value,
                label: t(`dashboard.upload.media.${value}`),
                hint: t(`dashboard.upload.mediaHint.${value}`),
              }))}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                {t('dashboard.cancel')}
              </Button>
              <Button type="submit">{t('dashboard.upload.open')}</Button>
            </div>
          </form>
          <ScormCourseImport />
        </div>
      )}
    </Dialog>
  );
}
