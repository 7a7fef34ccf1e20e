import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingPart } from '@/components/ui/loading-part';
import { useTranslation } from '@/lib/use-translation';

// The form (react-hook-form and zod with it) and the list load when the learner opens the section:
// most lesson views ask nothing, and the player must stay light.
const QuestionsPanel = lazy(() => import('./questions-panel').then((m) => ({ default: m.QuestionsPanel })));

/** The section's anchor: a notification of an answer links to the lesson with it, and opens the section. */
const ANCHOR = 'questions';

/**
 * "Ask the instructor" under the lesson: folded until the learner opens it (or arrives from a
 * notification of an answer), then a question form and the learner's own questions on the course
 * with their answers.
 */
export function CourseQuestions({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t } = useTranslation('learning');
  const id = useId();
  const { hash, key } = useLocation();
  const arrived = hash === `#${ANCHOR}`;
  const [open, setOpen] = useState(arrived);
  // Opened by the learner's click: the question's field takes the focus; arriving from a link does not move it.
  const [focusField, setFocusField] = useState(false);
  const section = useRef<HTMLElement>(null);
  // A link with the anchor opens the section, also when it leads to the lesson already on screen.
  const [arrivedAt, setArrivedAt] = useState(arrived ? key : null);
  if (arrived && arrivedAt !== key) {
    setArrivedAt(key);
    setOpen(true);
    setFocusField(false);
  }

  useEffect(() => {
    if (arrivedAt !== null) section.current?.scrollIntoView({ block: 'start' });
  }, [arrivedAt]);

  return (
    <section
      ref={section}
      id={ANCHOR}
      aria-labelledby={`${id}-title`}
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-border bg-card p-4"
      data-testid="course-questions"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={`${id}-title`} className="font-semibold">
            {t('questions.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('questions.lead')}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? `${id}-panel` : undefined}
          onClick={() => {
            setFocusField(!open);
            setOpen(!open);
          }}
        >
          {open ? t('questions.hide') : t('questions.open')}
        </Button>
      </div>
      {open && (
        <div id={`${id}-panel`}>
          <Suspense fallback={<LoadingPart className="h-40" />}>
            <QuestionsPanel courseId={courseId} lessonId={lessonId} focusField={focusField} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
