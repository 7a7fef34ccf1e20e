import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import type { ButtonSize, ButtonVariant } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { useShell } from '@/lib/shell-context';

interface StartCtaProps {
  /** The call to action for a visitor without an account; it links to /register. */
  children: ReactNode;
  size?: ButtonSize;
  variant?: ButtonVariant;
}

/**
 * A public page's main call to action. A visitor is invited to create an account; someone who is
 * already logged in has nothing to sign up for, so they get the way to their dashboard instead.
 * While the session check is still out, the button keeps its place but stays invisible, so a
 * logged-in user never sees "Kom i gang" flash by.
 */
export function StartCta({ children, size, variant }: StartCtaProps) {
  const { t } = useTranslation();
  const { session } = useShell();
  if (session.user) {
    return (
      <LinkButton size={size} variant={variant} to="/dashboard" data-testid="cta-dashboard">
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {t('cta.dashboard')}
      </LinkButton>
    );
  }
  return (
    <LinkButton
      size={size}
      variant={variant}
      to="/register"
      {...(session.status === 'loading' && { 'aria-hidden': true, tabIndex: -1, className: 'invisible' })}
    >
      {children}
    </LinkButton>
  );
}
