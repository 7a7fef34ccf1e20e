import type { LessonContent, LessonKind, TDownloadContent, TQuizContent, TVideoContent } from '@shared/schemas/lesson-content.ts';
import { DownloadLessonView } from '@/components/lesson-views/download-view';
import { QuizLessonView } from './quiz/quiz-view';
import { RichTextView } from '@/components/lesson-views/rich-text-view';
import { VideoLessonView } from '@/components/lesson-views/video-view';

export interface LessonViewProps {
  kind: LessonKind;
  content: LessonContent;
  mode: 'learner';
}

/**
 * A lesson, read-only, as a learner sees it: "preview as learner" in the builder and the course
 * player. Light on purpose: no editor code (TipTap) is imported here or below. A quiz shows its
 * questions without the answer key.
 */
export default function LessonView({ kind, content }: LessonViewProps) {
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
  }
}
