import type { ComponentProps } from 'react';
import Check from 'lucide-react/icons/check';
import { cn } from '@/lib/cn';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * The platform's checkbox, drawn in the theme: a native input (the keyboard, forms, labels and
 * screen readers treat it as what it is) with its own look turned off, and the check mark over it.
 * `className` places the box; the input fills it.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn('relative inline-flex size-5 shrink-0', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        className={cn(
          'peer size-5 shrink-0 cursor-pointer appearance-none rounded-md border border-input bg-card shadow-sm transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'checked:border-primary checked:bg-primary',
          'aria-invalid:border-danger disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}
