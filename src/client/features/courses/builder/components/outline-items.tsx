import { useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { LucideProps } from 'lucide-react';
import { useTranslation } from '@/lib/use-translation';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import FileDown from 'lucide-react/icons/file-down';
import FileText from 'lucide-react/icons/file-text';
import GripVertical from 'lucide-react/icons/grip-vertical';
import ListChecks from 'lucide-react/icons/list-checks';
import Package from 'lucide-react/icons/package';
import Sparkles from 'lucide-react/icons/sparkles';
import Trash2 from 'lucide-react/icons/trash-2';
import Video from 'lucide-react/icons/video';
import type { TLessonSummary } from '@shared/schemas/courses.ts';
import { COURSE_LIMITS, type LessonKind } from '@shared/course-limits.ts';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useDragHandle } from './drag-bindings';

export const KIND_ICONS: Record<LessonKind, ComponentType<LucideProps>> = {
  text: FileText,
  video: Video,
  quiz: ListChecks,
  download: FileDown,
  scorm: Package,
} as const;

/** Drag ids: modules and lessons live in one DndContext, so their ids are told apart by a prefix. */
export const moduleDragId = (id: string) => `module:${id}`;
export const lessonDragId = (id: string) => `lesson:${id}`;

interface MoveButtonsProps {
  idBase: string;
  label: string;
  canUp: boolean;
  canDown: boolean;
  onMove: (direction: -1 | 1) => void;
  disabled: boolean;
}

/** The keyboard and pointer alternative to dragging: one step up or down. */
export function MoveButtons({ idBase, label, canUp, canDown, onMove, disabled }: MoveButtonsProps) {
  const { t } = useTranslation('builder');
  return (
    <>
      <Button
        id={`${idBase}-up`}
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={disabled || !canUp}
        aria-label={t('outline.moveUp', { name: label })}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        id={`${idBase}-down`}
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={disabled || !canDown}
        aria-label={t('outline.moveDown', { name: label })}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
    </>
  );
}

interface OutlineLessonProps {
  lesson: TLessonSummary;
  selected: boolean;
  onSelect: () => void;
  onDelete: () => void;
  onMove: (direction: -1 | 1) => void;
  canUp: boolean;
  canDown: boolean;
  readOnly: boolean;
}

/** A lesson in the outline; draggable once the drag layer has bound it (see drag-bindings). */
export function OutlineLesson({ lesson, selected, onSelect, onDelete, onMove, canUp, canDown, readOnly }: OutlineLessonProps) {
  const { t } = useTranslation('builder');
  const { binding, handleProps } = useDragHandle(lessonDragId(lesson.id), readOnly);
  const Icon = KIND_ICONS[lesson.kind];
  return (
    <li
      ref={binding?.setNodeRef}
      data-drag-id={lessonDragId(lesson.id)}
      style={binding?.style}
      className={cn(
        'flex items-center gap-1 rounded-lg border border-transparent bg-card px-1 py-1',
        selected && 'border-primary bg-muted',
        binding?.isDragging && 'relative z-10 opacity-80 shadow-lg',
      )}
      data-testid="outline-lesson"
    >
      <button
        type="button"
        {...handleProps}
        aria-label={t('outline.dragLesson', { name: lesson.title })}
        aria-describedby="outline-dnd-instructions"
        disabled={readOnly}
        className="flex size-8 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        title={lesson.title}
        className="group flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {/* A title cut to the row shows whole while the lesson has the focus, and as the pointer's tip. */}
        <span className="truncate group-focus-visible:break-words group-focus-visible:whitespace-normal">{lesson.title}</span>
        <span className="sr-only">({t(`kinds.${lesson.kind}`)})</span>
        {lesson.freePreview && (
          <span
            className="ms-auto shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent"
            data-testid="outline-free-preview"
          >
            {t('lesson.freePreview')}
          </span>
        )}
      </button>
      <MoveButtons
        idBase={`lesson-${lesson.id}`}
        label={lesson.title}
        canUp={canUp}
        canDown={canDown}
        onMove={onMove}
        disabled={readOnly}
      />
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={readOnly}
        aria-label={t('outline.deleteLesson', { name: lesson.title })}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

interface OutlineModuleProps {
  id: string;
  title: string;
  index: number;
  onTitleChange: (title: string) => void;
  onDelete: () => void;
  onMove: (direction: -1 | 1) => void;
  canUp: boolean;
  canDown: boolean;
  readOnly: boolean;
  /** Rewrites the module's lessons and quiz with AI (a job whose progress shows in the AI panel). */
  onRegenerate: () => void;
  regenerating: boolean;
  children: ReactNode;
}

/** A module in the outline, its lessons as children; draggable once the drag layer has bound it. */
export function OutlineModule({
  id,
  title,
  index,
  onTitleChange,
  onDelete,
  onMove,
  canUp,
  canDown,
  readOnly,
  onRegenerate,
  regenerating,
  children,
}: OutlineModuleProps) {
  const { t } = useTranslation('builder');
  const { binding, handleProps } = useDragHandle(moduleDragId(id), readOnly);
  const name = title || t('outline.moduleN', { n: index + 1 });
  return (
    <li
      ref={binding?.setNodeRef}
      data-drag-id={moduleDragId(id)}
      style={binding?.style}
      className={cn(
        'flex flex-col gap-2 rounded-xl border border-border bg-card p-3',
        binding?.isDragging && 'relative z-20 opacity-80 shadow-lg',
      )}
      data-testid="outline-module"
      aria-label={name}
    >
      {/* The title takes what the row leaves and never less than 20rem: where that does not fit beside
          the buttons (a phone, a narrowed outline), the buttons go to a row of their own. */}
      <div className="flex flex-wrap items-start gap-1">
        <button
          type="button"
          {...handleProps}
          aria-label={t('outline.dragModule', { name })}
          aria-describedby="outline-dnd-instructions"
          disabled={readOnly}
          className="flex size-9 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <label htmlFor={`module-title-${id}`} className="sr-only">
          {t('outline.moduleTitle', { n: index + 1 })}
        </label>
        <ModuleTitle id={`module-title-${id}`} value={title} readOnly={readOnly} onChange={onTitleChange} />
        <div className="ms-auto flex shrink-0 items-center gap-1 self-center">
          <MoveButtons idBase={`module-${id}`} label={name} canUp={canUp} canDown={canDown} onMove={onMove} disabled={readOnly} />
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={readOnly || regenerating}
            aria-label={t('ai.regenerateModule', { name })}
            title={t('ai.regenerateModule', { name })}
            onClick={onRegenerate}
          >
            <Sparkles aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={readOnly}
            aria-label={t('outline.deleteModule', { name })}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      {children}
    </li>
  );
}

// Browsers that size a field to its text (field-sizing) need no measuring; the others are measured.
const sizesItself = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/**
 * A module's title wraps over as many lines as it needs, so a long one is read whole at any width of
 * the outline; it is still one line of text (Enter adds no line break, pasted ones become spaces).
 */
function ModuleTitle({
  id,
  value,
  readOnly,
  onChange,
}: {
  id: string;
  value: string;
  readOnly: boolean;
  onChange: (title: string) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (sizesItself || !element) return;
    const fit = () => {
      element.style.height = 'auto';
      element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [value]);
  return (
    <textarea
      ref={ref}
      id={id}
      rows={1}
      value={value}
      maxLength={COURSE_LIMITS.moduleTitle}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value.replace(/[\r\n]+/g, ' '))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      className={cn(
        inputClasses,
        'h-auto min-h-9 min-w-0 flex-1 basis-80 resize-none py-1.5 leading-snug font-semibold [field-sizing:content]',
      )}
      data-testid="module-title"
    />
  );
}
