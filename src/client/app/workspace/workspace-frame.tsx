import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import Menu from 'lucide-react/icons/menu';
import { useLocation } from 'react-router';
import { isFullWidthWorkspacePath } from '@shared/workspace-routes.ts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/me';
import { useTranslation } from '@/lib/use-translation';
import { LanguageSwitcher } from '../layout/language-switcher';
import { Logo } from '../layout/logo';
import { ThemeToggle } from '../layout/theme-toggle';
import { ErrorBoundary } from '../error-boundary';
import { BarChatLauncher, BarVoiceLauncher } from './bar-launchers';
import { NotificationBell } from './notification-bell';
import { sidebarClasses, useSidebarCollapsed } from './sidebar-state';
import { UserMenu } from './user-menu';

// The sidebar and its places' icons come in their own chunk: the builder and the player keep the
// places in the drawer and do not download them at first (the server announces the chunk in the
// HTML of the pages that show it: http/page-preloads.ts).
const WorkspaceSidebar = lazy(() => import('./workspace-sidebar'));
// The drawer (a Radix dialog) is downloaded when the menu button is first pressed, not with every app page.
const WorkspaceDrawer = lazy(() => import('./workspace-drawer').then((m) => ({ default: m.WorkspaceDrawer })));

/**
 * The frame of the pages of logged-in work, in place of the public site's (SiteFrame, which the
 * light shell renders and so stays as small as it is): the chrome, and <main> with room for it.
 */
export function WorkspaceFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [collapsed] = useSidebarCollapsed();
  // The sidebar's width, none where it is a drawer.
  const inset = isFullWidthWorkspacePath(pathname) ? 'pt-14' : cn('pt-14', collapsed ? 'lg:pl-16' : 'lg:pl-64');
  return (
    <div className="flex min-h-dvh flex-col">
      <WorkspaceChrome />
      <main id="main" tabIndex={-1} className={cn('min-h-dvh flex-1 outline-none', inset)}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
    </div>
  );
}

/**
 * The workspace's top bar and sidebar, around the pages of logged-in work: the places of the
 * person's role, their account, notifications, language and theme, and the voice control and the
 * chat in the bar (nothing floats over the work). The public site's navigation and footer are not here.
 */
function WorkspaceChrome() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useMe();
  const [collapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const fullWidth = isFullWidthWorkspacePath(pathname);
  const learner = user?.role === 'learner';
  // The logo leads to where the person works, and says so.
  const home = { to: learner ? '/learn' : '/dashboard', label: `Kursa – ${t(learner ? 'workspace.myLearning' : 'workspace.overview')}` };

  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-2 border-b border-border bg-background px-2 sm:px-4 print:hidden">
        <a
          href="#main"
          className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          {t('nav.skipToContent')}
        </a>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className={cn(!fullWidth && 'lg:hidden')}
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerRequested(true);
            setDrawerOpen(true);
          }}
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
        <Logo to={home.to} label={home.label} />
        <div className="flex-1" />
        <div className="flex items-center gap-0.5 sm:gap-1">
          <BarVoiceLauncher />
          <BarChatLauncher />
          <LanguageSwitcher className="mx-1 hidden sm:flex" />
          <ThemeToggle />
          {user && <NotificationBell />}
          {user && <UserMenu user={user} />}
        </div>
      </header>
      {!fullWidth && (
        <Suspense fallback={<div aria-hidden="true" className={sidebarClasses(collapsed)} />}>
          <WorkspaceSidebar role={user?.role} />
        </Suspense>
      )}
      {drawerRequested && (
        <Suspense fallback={null}>
          <WorkspaceDrawer open={drawerOpen} onOpenChange={setDrawerOpen} role={user?.role} home={home} returnFocusTo={menuButton} />
        </Suspense>
      )}
    </>
  );
}
