import PanelLeftClose from 'lucide-react/icons/panel-left-close';
import PanelLeftOpen from 'lucide-react/icons/panel-left-open';
import type { Role } from '@shared/constants.ts';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { sidebarClasses, useSidebarCollapsed } from './sidebar-state';
import { useManagesGroups } from './use-manages-groups';
import { workspaceNav } from './workspace-nav';
import { WorkspaceNavList } from './workspace-nav-list';

/**
 * The workspace's sidebar from 1024 px: the places of the person's role and the button that narrows
 * it to its icons. Its own chunk, with the places' icons: the builder and the player, which keep
 * the places in a drawer, do not download it with their first load.
 */
export default function WorkspaceSidebar({ role }: { role: Role | undefined }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const manages = useManagesGroups(role);
  return (
    <aside data-testid="workspace-sidebar" className={sidebarClasses(collapsed)}>
      <nav aria-label={t('workspace.label')} className="flex-1 overflow-y-auto">
        <WorkspaceNavList items={role ? workspaceNav(role, manages) : []} compact={collapsed} />
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
  );
}
