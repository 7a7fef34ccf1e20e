import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { isActivePath, useShell } from '@/lib/shell-context';
import { NAV_ITEMS } from './nav-items';

export function DesktopNav() {
  const { t } = useTranslation();
  const { pathname, Link } = useShell();
  return (
    <nav aria-label={t('nav.main')} className="hidden xl:block">
      <ul className="flex items-center gap-0.5">
        {NAV_ITEMS.map((item) => {
          const active = isActivePath(pathname, item.to);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  active ? 'bg-accent-soft text-accent' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
