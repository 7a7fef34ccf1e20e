import { useTranslation } from '@/lib/use-translation';
import type {
  LessonContent,
  TDownloadContent,
  TQuizContent,
  TScormContent,
  TTextContent,
  TVideoContent,
} from '@shared/schemas/lesson-content.ts';
import type { TLesson } from '@shared/schemas/courses.ts';
import { DownloadEditor } from './download/download-editor';
import { QuizEditor } from './quiz/quiz-editor';
import { ScormInfo } from './scorm/scorm-info';
import { withQuizDefaults } from './quiz/quiz-model';
import { TextEditor } from './text/text-editor';
import { VideoEditor } from './video/video-editor';

export interface LessonEditorProps {
  lesson: TLesson;
  content: LessonContent;
  onChange: (content: LessonContent) => void;
  courseId: string;
  disabled?: boolean;
  /** Quiz lessons: rewrite one question with AI. */
  onRegenerateQuestion?: ((index: number) => void) | undefined;
  regeneratingQuestion?: number | null | undefined;
}

/**
 * The content editor for a lesson, by its kind. Loaded on demand by the builder (it brings TipTap).
 * Every change is reported whole through onChange, in the shape the server validates
 * (src/shared/schemas/lesson-content.ts); saving is the builder's business.
 */
export default function LessonEditor({
  lesson,
  content,
  onChange,
  courseId,
  disabled = false,
  onRegenerateQuestion,
  regeneratingQuestion,
}: LessonEditorProps) {
  const { t } = useTranslation('lesson-editors');
  switch (lesson.kind) {
    case 'text':
      return (
        <TextEditor
          key={lesson.id}
          label={t('text.label', { title: lesson.title })}
          value={content as TTextContent}
          onChange={onChange}
          courseId={courseId}
          disabled={disabled}
        />
      );
    case 'video':
      return (
        <VideoEditor
          key={lesson.id}
          content={{ ...(content as TVideoContent), video: (content as Partial<TVideoContent>).video ?? null }}
          onChange={onChange}
          courseId={courseId}
          disabled={disabled}
        />
      );
    case 'download':
      return (
        <DownloadEditor
          key={lesson.id}
          content={{ ...(content as TDownloadContent), files: (content as Partial<TDownloadContent>).files ?? [] }}
          onChange={onChange}
          courseId={courseId}
          disabled={disabled}
        />
      );
    case 'quiz':
      return (
        <QuizEditor
          key={lesson.id}
          content={withQuizDefaults(content as Partial<TQuizContent>)}
          onChange={onChange}
          disabled={disabled}
          onRegenerateQuestion={onRegenerateQuestion}
          regeneratingQuestion={regeneratingQuestion}
        />
      );
    case 'scorm':
      return <ScormInfo content={content as TScormContent} />;
  }
}
