import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './dialog';
import { LoadingPart } from './loading-part';

// Radix's alert dialog (its focus trap, scroll lock and layers) loads on the dialog's first opening:
// a page that only may ask before a deletion does not download it with its first load.
const ConfirmDialog = lazy(() => import('./dialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * The confirm dialog, its code fetched when it first opens. It stays mounted from then on, so that
 * closing it keeps its closing animation and the focus goes back where it was, as with the dialog itself.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={<LoadingPart />}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
