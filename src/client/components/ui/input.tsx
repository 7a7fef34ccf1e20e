import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses = cn(
  'h-11 w-full rounded-lg border border-input bg-card px-3.5 text-[15px] text-foreground shadow-sm transition-colors',
  'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/50',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground read-only:bg-muted',
  'aria-invalid:border-danger',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClasses, 'h-auto min-h-28 py-2.5 leading-relaxed', className)} {...props} />;
}
