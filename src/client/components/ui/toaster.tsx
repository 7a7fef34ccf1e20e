import { useMemo } from 'react';
import { Toast } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@shared/constants.ts';
import { cn } from '@/lib/cn';
import { currentPlacement } from './toast-placement';
import { dismissToast, useToasts } from '@/lib/use-toast';

export interface ToasterProps {
  /** Accessible name of the toast region; "{hotkey}" is replaced by F8. */
  viewportLabel: string;
  closeLabel: string;
}

/**
 * Radix toasts: shown 5 s, swipe right past 50 px to dismiss, F8 focuses the region. The
 * region sits at the bottom right, or the top right when that keeps the field being filled clear.
 */
export default function Toaster({ viewportLabel, closeLabel }: ToasterProps) {
  const toasts = useToasts();
  const newestId = toasts[0]?.id;
  // Decided when a toast first shows, from where the field being filled is at that moment. This
  // lives here, in the lazily loaded toaster, to keep it off the public pages' first download.
  const placement = useMemo(() => (newestId === undefined ? 'bottom' : currentPlacement()), [newestId]);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={item.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:animate-toast-out',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-foreground',
          )}
        >
          <div className="flex flex-col gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && (
              // Full opacity: white on the dark theme's red is 4.83:1, at 95 % it fell to 4.46:1.
              <Toast.Description className="text-sm">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={viewportLabel}
        data-placement={placement}
        className={cn(
          'fixed right-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none sm:p-6',
          placement === 'top' ? 'top-0' : 'bottom-0',
        )}
      />
    </Toast.Provider>
  );
}
