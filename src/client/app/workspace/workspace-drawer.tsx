import { useRef, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { useTranslation } from '@/lib/use-translation';
import { LanguageSwitcher } from '../layout/language-switcher';
import { Logo } from '../layout/logo';
import { ThemeToggle } from '../layout/theme-toggle';
import type { Role } from '@shared/constants.ts';
import { useManagesGroups } from './use-manages-groups';
import { workspaceNav } from './workspace-nav';
import { WorkspaceNavList } from './workspace-nav-list';

interface WorkspaceDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role | undefined;
  home: { to: string; label: string };
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The sidebar as a drawer from the left, on a phone and on the pages that take the whole width. */
export function WorkspaceDrawer({ open, onOpenChange, role, home, returnFocusTo }: WorkspaceDrawerProps) {
  const { t } = useTranslation();
  const manages = useManagesGroups(role);
  // Closed by choosing a page, the focus goes to that page's content (as on every navigation);
  // closed with Escape or the close button, back to the button that opened it.
  const navigating = useRef(false);
  const close = () => {
    navigating.current = true;
    onOpenChange(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            navigating.current = false;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!navigating.current) returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-r border-border bg-background p-4 shadow-2xl"
        >
          <div className="flex items-center justify-between">
            <Logo to={home.to} label={home.label} onNavigate={close} />
            <Dialog.Close
              aria-label={t('nav.closeMenu')}
              className="flex size-10 items-center justify-center rounded-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('workspace.label')}</Dialog.Title>
          <nav aria-label={t('workspace.label')}>
            <WorkspaceNavList items={role ? workspaceNav(role, manages) : []} onNavigate={close} />
          </nav>
          <div className="mt-auto flex items-center justify-between gap-3 border-t border-border pt-4">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
