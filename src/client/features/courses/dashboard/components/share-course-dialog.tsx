import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Copy from 'lucide-react/icons/copy';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/use-toast';
import { useCompanySite } from '../api/company-site';
import { useCourseList } from '../api/courses';
import { courseShareUrl, isShareable } from '../lib/share-url';
import { ChoiceList } from './choice-list';
import { Loading, LoadFailed } from '@/components/ui/load-state';

/**
 * "Share course": choose a published course and copy its public link (on the company's site when
 * it has one); the dialog closes with the 'URL Copied' toast. When the browser refuses the
 * clipboard, the dialog stays and the link is selected in its field to copy by hand.
 */
export function ShareCourseDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('account');
  const list = useCourseList(open);
  const site = useCompanySite(open);
  const shareable = (list.data?.courses ?? []).filter(isShareable);
  const [chosen, setChosen] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const course = shareable.find((c) => c.id === chosen) ?? shareable[0];
  const url = course ? courseShareUrl(course.slug, site.data?.siteUrl ?? null, window.location.origin) : '';

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setRefused(false);
      // The dialog closes first: while a modal is open, what lies outside it (the toast) is hidden from screen readers.
      onOpenChange(false);
      toast({ title: t('dashboard.share.copied'), description: url });
    } catch {
      setRefused(true);
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefused(false);
        onOpenChange(next);
      }}
      title={t('dashboard.share.title')}
      description={t('dashboard.share.description')}
    >
      {list.isPending || site.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed message={t('dashboard.courseList.failed')} />
      ) : !course ? (
        <p className="text-sm">{t('dashboard.share.none')}</p>
      ) : (
        <div className="flex flex-col gap-5">
          <ChoiceList
            name="share-course"
            legend={t('dashboard.share.course')}
            value={course.id}
            onChange={(id) => {
              setChosen(id);
              setRefused(false);
            }}
            options={shareable.map((c) => ({
              value: c.id,
              label: c.title,
              hint: t(`dashboard.share.visibility.${c.visibility === 'unlisted' ? 'unlisted' : 'public'}`),
            }))}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="share-course-url" className="text-sm font-medium">
              {t('dashboard.share.link')}
            </label>
            <div className="flex gap-2">
              <Input
                ref={field}
                id="share-course-url"
                readOnly
                value={url}
                onFocus={(event) => event.target.select()}
                aria-describedby={refused ? 'share-course-refused' : undefined}
                data-testid="share-url"
              />
              <Button onClick={() => void copy()}>
                <Copy aria-hidden="true" className="size-4" />
                {t('dashboard.share.copy')}
              </Button>
            </div>
            {refused && (
              <p id="share-course-refused" role="alert" className="text-sm text-danger">
                {t('dashboard.share.refused')}
              </p>
            )}
          </div>
        </div>
      )}
      <Button variant="secondary" className="self-end" onClick={() => onOpenChange(false)}>
        {t('dashboard.close')}
      </Button>
    </Dialog>
  );
}
