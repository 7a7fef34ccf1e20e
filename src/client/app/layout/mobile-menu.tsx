import type { RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Dialog } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { AuthActions } from './auth-actions';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NavLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The small-screen navigation: a modal panel that traps focus and closes with Escape. */
export default function MobileMenu({ open, onOpenChange, returnFocusTo }: MobileMenuProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-6 overflow-y-auto border-l border-border bg-background p-6 shadow-2xl"
        >
          <div className="flex items-center justify-between">
            <Logo onNavigate={close} />
            <Dialog.Close
              aria-label={t('nav.closeMenu')}
              className="flex size-10 items-center justify-center rounded-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('nav.menu')}</Dialog.Title>
          <NavLinks
            onNavigate={close}
            listClassName="flex flex-col gap-1"
            linkClassName="block rounded-lg px-3 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-ring"
            activeClassName="bg-accent-soft text-accent"
            inactiveClassName="text-foreground hover:bg-muted"
          />
          <div className="flex items-center justify-between gap-3 border-t border-border pt-6">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
          <AuthActions layout="stack" onNavigate={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
