import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { NAV_ITEMS } from './nav-items';

export function DesktopNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className="hidden xl:block">
      <ul className="flex items-center gap-0.5">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  isActive ? 'bg-accent-soft text-accent' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
