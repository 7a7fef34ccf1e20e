import { useTranslation } from '@/lib/use-translation';
import { NAV_SCROLL_THRESHOLD_PX } from '@shared/constants.ts';
import { cn } from '@/lib/cn';
import { AuthActions } from './auth-actions';
import { DesktopNav } from './desktop-nav';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { MobileMenuButton } from './mobile-menu-button';
import { ThemeToggle } from './theme-toggle';
import { useScrolledPast } from './use-scrolled-past';

/**
 * Fixed navigation bar; past 50 px of scrolling it turns to frosted glass.
 * From 1024 px (lg) every link and the account actions are in the bar; between lg and xl the bar
 * is tightened (padding, gaps, icon-only account buttons) so that the Danish and English labels fit.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const glass = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
  return (
    <header
      data-glass={glass}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-300',
        glass ? 'border-border bg-nav-glass shadow-sm backdrop-blur-xl' : 'border-transparent bg-background',
      )}
    >
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 xl:gap-4 xl:px-8">
        <Logo />
        <div className="flex flex-1 justify-center">
          <DesktopNav />
        </div>
        <div className="flex items-center gap-2">
          <LanguageSwitcher className="hidden sm:flex" />
          <ThemeToggle />
          <div className="hidden lg:block">
            <AuthActions layout="row" />
          </div>
          <MobileMenuButton />
        </div>
      </div>
    </header>
  );
}
