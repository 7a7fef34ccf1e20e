import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { LucideProps } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import ChartLine from 'lucide-react/icons/chart-line';
import MessageCircleQuestion from 'lucide-react/icons/message-circle-question';
import Plus from 'lucide-react/icons/plus';
import Share2 from 'lucide-react/icons/share-2';
import Upload from 'lucide-react/icons/upload';
import { Card } from '@/components/ui/card';
import { LoadingPart } from '@/components/ui/loading-part';

// The dialogs (and Radix's dialog under them) load on their first opening, not with the dashboard.
const UploadContentDialog = lazy(() => import('./upload-content-dialog').then((m) => ({ default: m.UploadContentDialog })));
const ReviewsDialog = lazy(() => import('./reviews-dialog').then((m) => ({ default: m.ReviewsDialog })));
const ShareCourseDialog = lazy(() => import('./share-course-dialog').then((m) => ({ default: m.ShareCourseDialog })));

type Dialog = 'upload' | 'reviews' | 'share';

/** A notification of a learner's question links here (/dashboard#questions): the dialog where it is answered opens. */
const QUESTIONS_ANCHOR = '#questions';
type Open = Dialog | null;
type ActionKey = 'createCourse' | 'uploadContent' | 'answerQuestions' | 'viewAnalytics' | 'shareCourse';

export interface QuickActionsProps {
  userId: string;
  onCreateCourse: () => void;
  onViewAnalytics: () => void;
}

/**
 * The overview's quick actions, each wired: create course opens the create dialog (then the builder);
 * upload content picks a course and opens the builder where media is added; answer questions shows
 * learners' questions and reviews; view analytics opens Analyser; share course copies a course's public link.
 */
export function QuickActions({ userId, onCreateCourse, onViewAnalytics }: QuickActionsProps) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState<Open>(null);
  // A dialog is mounted from its first opening on, so that closing it keeps its closing animation.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(() => new Set());
  const show = (dialog: Dialog) => {
    setOpened((before) => new Set(before).add(dialog));
    setOpen(dialog);
  };
  const close = (next: boolean) => {
    if (next) return;
    setOpen(null);
    // The anchor goes when the dialog closes, so a reload does not open it again.
    if (window.location.hash === QUESTIONS_ANCHOR) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  };
  // Each arrival at the anchor opens the dialog once (the address keeps it until the dialog closes).
  const { hash, key } = useLocation();
  const [arrivedAt, setArrivedAt] = useState<string | null>(null);
  if (hash === QUESTIONS_ANCHOR && arrivedAt !== key) {
    setArrivedAt(key);
    setOpened((before) => new Set(before).add('reviews'));
    setOpen('reviews');
  }
  const actions: { key: ActionKey; Icon: ComponentType<LucideProps>; run: () => void }[] = [
    { key: 'createCourse', Icon: Plus, run: onCreateCourse },
    { key: 'uploadContent', Icon: Upload, run: () => show('upload') },
    { key: 'answerQuestions', Icon: MessageCircleQuestion, run: () => show('reviews') },
    { key: 'viewAnalytics', Icon: ChartLine, run: onViewAnalytics },
    { key: 'shareCourse', Icon: Share2, run: () => show('share') },
  ];
  return (
    <Card className="self-start p-5">
      <h3 className="font-semibold">{t('dashboard.quickActions.title')}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.quickActions.description')}</p>
      <ul className="mt-4 flex flex-col gap-1">
        {actions.map(({ key, Icon, run }) => (
          <li key={key}>
            <button
              type="button"
              onClick={run}
              className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Icon aria-hidden="true" className="size-4 text-accent" />
              <span className="flex-1">{t(`dashboard.quickActions.${key}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {opened.has('upload') && (
        <Suspense fallback={<LoadingPart />}>
          <UploadContentDialog userId={userId} open={open === 'upload'} onOpenChange={close} onCreateCourse={onCreateCourse} />
        </Suspense>
      )}
      {opened.has('reviews') && (
        <Suspense fallback={<LoadingPart />}>
          <ReviewsDialog userId={userId} open={open === 'reviews'} onOpenChange={close} />
        </Suspense>
      )}
      {opened.has('share') && (
        <Suspense fallback={<LoadingPart />}>
          <ShareCourseDialog open={open === 'share'} onOpenChange={close} />
        </Suspense>
      )}
    </Card>
  );
}
