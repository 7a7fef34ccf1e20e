import type { RefObject } from 'react';
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from '@/components/ui/button';
import { dialogOverlayClasses, dialogPanelClasses } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/use-translation';

/**
 * Asks before publishing a course with empty lessons, naming each. An alert dialog: the focus
 * starts on "Back to the course", Escape cancels, and the focus goes back to `returnFocus` (the
 * publish button, which was disabled while the server answered, so Radix alone would lose it).
 */
export function EmptyLessonsDialog({
  lessons,
  onCancel,
  onConfirm,
  returnFocus,
}: {
  lessons: string[] | null;
  onCancel: () => void;
  onConfirm: () => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('builder');
  return (
    <AlertDialog.Root open={lessons !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content
          className={dialogPanelClasses}
          data-testid="empty-lessons-dialog"
          onCloseAutoFocus={(event) => {
            if (!returnFocus.current) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
        >
          <AlertDialog.Title className="text-lg font-semibold">
            {t('publish.emptyTitle', { count: lessons?.length ?? 0 })}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{t('publish.emptyText')}</AlertDialog.Description>
          <ul className="max-h-64 list-disc overflow-y-auto pl-5 text-sm" data-testid="empty-lessons">
            {(lessons ?? []).map((lesson) => (
              <li key={lesson}>{lesson}</li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>{t('publish.emptyCancel')}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('primary')} onClick={onConfirm}>
              {t('publish.emptyConfirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
