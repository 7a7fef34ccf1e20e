import { ShellLink, type ShellLinkProps } from '@/lib/shell-context';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button';

export interface LinkButtonProps extends ShellLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A navigation link that looks like a button (it still is, and is announced as, a link). */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <ShellLink className={buttonClasses(variant, size, className)} {...props} />;
}
