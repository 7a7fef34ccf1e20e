import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import type { WorkspaceNavItem } from './workspace-nav';

interface WorkspaceNavListProps {
  items: WorkspaceNavItem[];
  /** Icons only; each label stays for screen readers and as a tooltip. */
  compact?: boolean;
  onNavigate?: () => void;
}

/** The workspace's places as a list of links, the current one marked (aria-current="page"). */
export function WorkspaceNavList({ items, compact = false, onNavigate }: WorkspaceNavListProps) {
  const { t } = useTranslation();
  // A link is current on its address and the pages below it (the builder under Courses, the player
  // under My learning); the overview, above every section, only on its own.
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ to, label, Icon, end }) => {
        const name = t(`workspace.${label}`);
        return (
          <li key={to}>
            <NavLink
              to={to}
              end={end ?? false}
              onClick={onNavigate}
              title={compact ? name : undefined}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  compact && 'justify-center px-0',
                  isActive ? 'bg-accent-soft text-accent' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={cn('truncate', compact && 'sr-only')}>{name}</span>
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
