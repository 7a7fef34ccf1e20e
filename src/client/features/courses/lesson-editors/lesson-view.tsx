import { lazy, Suspense, useState } from 'react';
import Play from 'lucide-react/icons/play';
import type {
  LessonContent,
  LessonKind,
  TDownloadContent,
  TQuizContent,
  TScormContent,
  TVideoContent,
} from '@shared/schemas/lesson-content.ts';
import { DownloadLessonView } from '@/components/lesson-views/download-view';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';
import { QuizLessonView } from './quiz/quiz-view';
import { RichTextView } from '@/components/lesson-views/rich-text-view';
import { VideoLessonView } from '@/components/lesson-views/video-view';

const ScormView = lazy(() => import('@/components/lesson-views/scorm-view'));
/** A preview starts the SCO afresh each time, browsing for no credit, and keeps nothing. */
const freshStart = (version: TScormContent['version']) => () =>
  Promise.resolve({
    cmi:
      version === '1.2'
        ? { core: { entry: 'ab-initio', lesson_mode: 'browse', credit: 'no-credit' } }
        : { entry: 'ab-initio', mode: 'browse', credit: 'no-credit' },
  });

export interface LessonViewProps {
  kind: LessonKind;
  title: string;
  content: LessonContent;
  mode: 'learner';
}

/**
 * A lesson, read-only, as a learner sees it: "preview as learner" in the builder and the course
 * player. Light on purpose: no editor code (TipTap) is imported here or below. A quiz shows its
 * questions without the answer key.
 */
export default function LessonView({ kind, title, content }: LessonViewProps) {
  switch (kind) {
    case 'text':
      return <RichTextView doc={content} />;
    case 'video':
      return <VideoLessonView content={content as TVideoContent} />;
    case 'download':
      return (
        <DownloadLessonView content={{ ...(content as TDownloadContent), files: (content as Partial<TDownloadContent>).files ?? [] }} />
      );
    case 'quiz':
      return <QuizLessonView content={content as TQuizContent} />;
    case 'scorm':
      return <ScormPreview content={content as TScormContent} title={title} />;
  }
}

/** A SCORM lesson plays when asked: a course's preview shows every lesson, and a SCO is a whole page. */
function ScormPreview({ content, title }: { content: TScormContent; title: string }) {
  const { t } = useTranslation('lesson-editors');
  const [playing, setPlaying] = useState(false);
  if (!playing)
    return (
      <Button variant="secondary" className="self-start" onClick={() => setPlaying(true)}>
        <Play aria-hidden="true" className="size-4" />
        {t('scorm.play', { title })}
      </Button>
    );
  return (
    <Suspense fallback={null}>
      <ScormView content={content} title={title} start={freshStart(content.version)} />
    </Suspense>
  );
}
