import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface PageHeroProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  align?: 'center' | 'start';
  className?: string;
}

/** The top of a page: a small eyebrow, the page's one h1, a lead paragraph and actions. */
export function PageHero({ eyebrow, title, lead, children, align = 'start', className }: PageHeroProps) {
  const centered = align === 'center';
  return (
    <div className={cn('flex flex-col gap-5', centered && 'items-center text-center', className)}>
      {eyebrow && (
        <p className="inline-flex w-fit items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm font-medium text-accent">
          {eyebrow}
        </p>
      )}
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {lead && <p className="max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">{lead}</p>}
      {children && <div className={cn('mt-2 flex flex-wrap gap-3', centered && 'justify-center')}>{children}</div>}
    </div>
  );
}
