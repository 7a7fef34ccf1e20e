import { cn } from '@/lib/cn';

export type SkeletonWidth = 'full' | 'half' | 'quarter';
export type SkeletonHeight = 'sm' | 'md' | 'lg' | 'xl';
export type SkeletonVariant = 'block' | 'circle' | 'button' | 'image' | 'card' | 'text';

const widths: Record<SkeletonWidth, string> = { full: 'w-full', half: 'w-1/2', quarter: 'w-1/4' };
const heights: Record<SkeletonHeight, string> = { sm: 'h-3', md: 'h-5', lg: 'h-8', xl: 'h-12' };
const variants: Record<Exclude<SkeletonVariant, 'text'>, string> = {
  block: 'rounded-md',
  circle: 'size-12 rounded-full',
  button: 'h-11 w-32 rounded-lg',
  image: 'aspect-video w-full rounded-xl',
  card: 'h-48 w-full rounded-2xl',
};

export interface SkeletonProps {
  width?: SkeletonWidth;
  height?: SkeletonHeight;
  variant?: SkeletonVariant;
  /** Number of lines for the multi-line text variant; the last one is shorter, like real text. */
  lines?: number;
  className?: string;
}

const pulse = 'animate-pulse bg-muted';

/** A grey stand-in for content that is loading; decorative, so hidden from assistive technology. */
export function Skeleton({ width = 'full', height = 'md', variant = 'block', lines = 3, className }: SkeletonProps) {
  if (variant === 'text') {
    return (
      <div aria-hidden="true" className={cn('flex flex-col gap-2', widths[width], className)}>
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className={cn(pulse, 'h-3 rounded', i === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')} />
        ))}
      </div>
    );
  }
  const sized = variant === 'block' ? cn(widths[width], heights[height]) : '';
  return <div aria-hidden="true" className={cn(pulse, variants[variant], sized, className)} />;
}
