import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/cn';
import { isActivePath, useShell } from '@/lib/shell-context';
import { NAV_ITEMS } from './nav-items';

interface NavLinksProps {
  listClassName: string;
  linkClassName: string;
  activeClassName: string;
  inactiveClassName: string;
  onNavigate?: () => void;
}

/** The navigation's links (NAV_ITEMS), marking the current page; the desktop bar and the mobile menu style them. */
export function NavLinks({ listClassName, linkClassName, activeClassName, inactiveClassName, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const { pathname, Link } = useShell();
  return (
    <nav aria-label={t('nav.main')}>
      <ul className={listClassName}>
        {NAV_ITEMS.map((item) => {
          const active = isActivePath(pathname, item.to);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                {...(onNavigate && { onClick: onNavigate })}
                aria-current={active ? 'page' : undefined}
                className={cn(linkClassName, active ? activeClassName : inactiveClassName)}
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
