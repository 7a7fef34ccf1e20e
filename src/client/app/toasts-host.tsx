import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useToasts } from '@/lib/use-toast';

// Radix Toast is downloaded with the first toast, keeping it off the front page's first load.
const Toaster = lazy(() => import('@/components/ui/toaster'));

export function ToastsHost() {
  const { t } = useTranslation();
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster viewportLabel={t('toast.region')} closeLabel={t('toast.close')} />
    </Suspense>
  );
}
