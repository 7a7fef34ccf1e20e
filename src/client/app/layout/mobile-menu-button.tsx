import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Menu from 'lucide-react/icons/menu';
import { Button } from '@/components/ui/button';

// The dialog (Radix) is only downloaded when someone opens the menu.
const MobileMenu = lazy(() => import('./mobile-menu'));

export function MobileMenuButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
