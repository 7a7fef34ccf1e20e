import { useQuery } from '@tanstack/react-query';
import History from 'lucide-react/icons/history';
import type { TCreatorDraftSummary } from '@shared/schemas/creator-drafts.ts';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { listDrafts } from '../api/drafts';
import { WIZARD_STEPS } from '../lib/steps';

/** How many of the latest drafts the start step offers to continue. */
const SHOWN = 3;

/**
 * "Continue where you left off": the teacher's latest saved wizards (most recently changed first),
 * each resumed at the step it was left on. Nothing shows when there are none.
 */
export function ResumeDrafts({ onResume }: { onResume: (draft: TCreatorDraftSummary) => void }) {
  const { t } = useTranslation('creator-wizard');
  const drafts = useQuery({ queryKey: ['creator-drafts'], queryFn: ({ signal }) => listDrafts(signal), staleTime: 0 });
  const list = drafts.data?.drafts.slice(0, SHOWN) ?? [];
  if (list.length === 0) return null;
  const date = new Intl.DateTimeFormat(currentLanguage() === 'da' ? 'da-DK' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="resume-drafts-heading" className="flex flex-col gap-3" data-testid="resume-drafts">
      <h3 id="resume-drafts-heading" className="flex items-center gap-2 font-semibold">
        <History aria-hidden="true" className="size-4 text-accent" />
        {t('resume.heading')}
      </h3>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
        {list.map((item) => {
          const title = item.course_context.title || item.course_context.industry || t('resume.untitled');
          return (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words">{title}</p>
                <p className="text-muted-foreground">
                  {t('resume.where', {
                    step: t(`steps.${WIZARD_STEPS[item.step] ?? 'start'}`),
                    date: date.format(new Date(item.updated_at)),
                  })}
                </p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => onResume(item)} aria-label={`${t('resume.continue')}: ${title}`}>
                {t('resume.continue')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
