import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { useTranslation } from '@/lib/use-translation';

export interface EditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where focus goes when the dialog closes (the editor, by default Radix's trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** A modal dialog for the editors' small forms (link, image): focus trapped, Escape closes it. */
export function EditorDialog({ open, onOpenChange, title, description, children, onCloseAutoFocus }: EditorDialogProps) {
  const { t } = useTranslation('lesson-editors');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 text-foreground shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('dialog.close')}
              className="-m-2 flex size-10 shrink-0 items-center justify-center rounded-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
