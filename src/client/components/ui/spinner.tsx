import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from '@/lib/cn';

/** A decorative spinner; the caller states what is loading in text (aria-live or visible). */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}
