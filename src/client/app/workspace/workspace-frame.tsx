import { useRef, useState } from 'react';
import Menu from 'lucide-react/icons/menu';
import PanelLeftClose from 'lucide-react/icons/panel-left-close';
import PanelLeftOpen from 'lucide-react/icons/panel-left-open';
import { useLocation } from 'react-router';
import { isFullWidthWorkspacePath } from '@shared/workspace-routes.ts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/me';
import { useTranslation } from '@/lib/use-translation';
import { LanguageSwitcher } from '../layout/language-switcher';
import { Logo } from '../layout/logo';
import { ThemeToggle } from '../layout/theme-toggle';
import { BarChatLauncher, BarVoiceLauncher } from './bar-launchers';
import { useSidebarCollapsed } from './sidebar-state';
import { UserMenu } from './user-menu';
import { WorkspaceDrawer } from './workspace-drawer';
import { workspaceNav } from './workspace-nav';
import { WorkspaceNavList } from './workspace-nav-list';

/** Where the sidebar leaves room for the page: its width, none where it is a drawer. */
export function useWorkspaceInset(): string {
  const { pathname } = useLocation();
  const [collapsed] = useSidebarCollapsed();
  if (isFullWidthWorkspacePath(pathname)) return 'pt-14';
  return cn('pt-14', collapsed ? 'lg:pl-16' : 'lg:pl-64');
}

/**
 * The workspace's top bar and sidebar, around the pages of logged-in work: the places of the
 * person's role, their account, language and theme, and the voice control and the chat in the bar
 * (nothing floats over the work). The public site's navigation and footer are not here.
 */
export function WorkspaceChrome() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useMe();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const fullWidth = isFullWidthWorkspacePath(pathname);
  const items = user ? workspaceNav(user.role) : [];
  const home = user?.role === 'learner' ? '/learn' : '/dashboard';

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
          onClick={() => setDrawerOpen(true)}
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
        <Logo to={home} />
        <div className="flex-1" />
        <div className="flex items-center gap-0.5 sm:gap-1">
          <BarVoiceLauncher />
          <BarChatLauncher />
          <LanguageSwitcher className="mx-1 hidden sm:flex" />
          <ThemeToggle />
          {user && <UserMenu user={user} />}
        </div>
      </header>
      {!fullWidth && (
        <aside
          data-testid="workspace-sidebar"
          className={cn(
            'fixed top-14 bottom-0 left-0 z-30 hidden flex-col border-r border-border bg-background p-3 lg:flex print:hidden',
            collapsed ? 'w-16 px-2' : 'w-64',
          )}
        >
          <nav aria-label={t('workspace.label')} className="flex-1 overflow-y-auto">
            <WorkspaceNavList items={items} compact={collapsed} />
          </nav>
          <button
            type="button"
            onClick={() => setCollapsed(!collapsed)}
            title={collapsed ? t('workspace.expand') : t('workspace.collapse')}
            className={cn(
              'flex h-10 items-center gap-3 rounded-lg px-3 text-sm text-muted-foreground hover:bg-muted hover:text-foreground',
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
              collapsed && 'justify-center px-0',
            )}
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" className="size-5" /> : <PanelLeftClose aria-hidden="true" className="size-5" />}
            <span className={cn(collapsed && 'sr-only')}>{collapsed ? t('workspace.expand') : t('workspace.collapse')}</span>
          </button>
        </aside>
      )}
      <WorkspaceDrawer open={drawerOpen} onOpenChange={setDrawerOpen} items={items} home={home} returnFocusTo={menuButton} />
    </>
  );
}
