import { useRef, type ReactNode } from 'react';
import { AlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button';

/** A modal's backdrop and panel, for dialogs that lay out their own title and buttons. */
export const dialogOverlayClasses = 'fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]';
export const dialogPanelClasses =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(92vw,36rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-foreground shadow-xl focus-visible:outline-none';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * On closing, focus goes back to whatever had it when the dialog opened: for a dialog opened by
   * a button of the page rather than a Radix trigger, which Radix would otherwise leave focus on
   * the body for. Off where closing moves focus somewhere on purpose.
   */
  returnFocus?: boolean;
}

/** A modal dialog: focus moves in and is trapped, Escape closes it, focus returns on close (Radix). */
export function Dialog({ open, onOpenChange, title, description, children, className, returnFocus = false }: DialogProps) {
  const opener = useRef<Element | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogOverlayClasses} />
        <RadixDialog.Content
          className={cn(dialogPanelClasses, className)}
          // Focus has not moved in yet when the dialog opens: what has it is what opened the dialog.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            if (!returnFocus || !(back instanceof HTMLElement) || !back.isConnected) return;
            event.preventDefault();
            back.focus();
          }}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="text-sm text-muted-foreground">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  destructive?: boolean;
}

/** Asks before something that cannot be undone; Cancel has the focus first (Radix AlertDialog). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content className={dialogPanelClasses}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses(destructive ? 'destructive' : 'primary')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
