import type { ComponentType, ReactNode } from 'react';
import type { LucideProps } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  icon: ComponentType<LucideProps>;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Heading level, so the empty state fits the outline of the page it is on. */
  level?: 2 | 3;
  className?: string;
}

/** What a list or panel shows while it has nothing in it yet. */
export function EmptyState({ icon: Icon, title, description, children, level = 3, className }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn('flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center', className)}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="text-base font-semibold">{title}</Heading>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      {children && <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}
