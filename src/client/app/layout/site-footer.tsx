import { useTranslation } from '@/lib/use-translation';
import { ShellLink, useShell } from '@/lib/shell-context';
import { Logo } from './logo';

const COLUMNS = [
  {
    title: 'footer.product',
    links: [
      { to: '/platform', label: 'nav.platform' },
      { to: '/course-creator', label: 'nav.courseCreator' },
      { to: '/ai-assistant', label: 'nav.aiAssistant' },
      { to: '/pricing', label: 'nav.pricing' },
    ],
  },
  {
    title: 'footer.learn',
    links: [
      { to: '/courses', label: 'nav.courses' },
      { to: '/resources', label: 'nav.resources' },
    ],
  },
] as const;

// A logged-in user has no account to create or log in to: their column leads to their own pages.
const ACCOUNT_LINKS = {
  anonymous: [
    { to: '/register', label: 'footer.register' },
    { to: '/login', label: 'nav.login' },
  ],
  authenticated: [
    { to: '/dashboard', label: 'nav.dashboard' },
    { to: '/profile', label: 'footer.profile' },
  ],
} as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const { session } = useShell();
  const columns = [
    ...COLUMNS,
    { title: 'footer.account', links: session.user ? ACCOUNT_LINKS.authenticated : ACCOUNT_LINKS.anonymous },
  ] as const;
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold text-foreground">{t(column.title)}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <ShellLink
                    to={link.to}
                    className="rounded text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {t(link.label)}
                  </ShellLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
