import type { ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button';

export interface ComingSoonButtonProps {
  children: ReactNode;
  /** Visible badge text, e.g. "Kommer snart"; it is also part of the button's accessible name. */
  badge: string;
  variant?: ButtonVariant;
}

/**
 * A button for an action that does not exist yet. It stays focusable (aria-disabled rather than
 * disabled) so keyboard and screen reader users also learn that it is coming.
 */
export function ComingSoonButton({ children, badge, variant = 'secondary' }: ComingSoonButtonProps) {
  return (
    <button type="button" aria-disabled="true" className={buttonClasses(variant, 'md', 'cursor-not-allowed border-dashed')}>
      {children}
      <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">{badge}</span>
    </button>
  );
}
