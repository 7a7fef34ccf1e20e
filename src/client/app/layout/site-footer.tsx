import { useTranslation } from '@/lib/use-translation';
import { ShellLink, useShell } from '@/lib/shell-context';
import { Logo } from './logo';

/**
 * The footer's four columns, every link a real page: the product, what helps you learn and get
 * help, the company (with the visitor's own account links) and the legal pages. The usual careers,
 * community, blog and mobile-app links have no page in Kursa and are left out rather than faked.
 */
const PRODUCT = {
  title: 'footer.product',
  links: [
    { to: '/platform', label: 'nav.platform' },
    { to: '/course-creator', label: 'nav.courseCreator' },
    { to: '/ai-assistant', label: 'nav.aiAssistant' },
    { to: '/pricing', label: 'nav.pricing' },
  ],
} as const;
const LEARN = {
  title: 'footer.learn',
  links: [
    { to: '/courses', label: 'nav.courses' },
    { to: '/resources', label: 'nav.resources' },
    { to: '/help', label: 'footer.help' },
  ],
} as const;
// The data processing agreement and the sub-processors are linked from the GDPR page, the privacy
// policy and the terms: a footer link more is bytes the front page's first load does not have.
const LEGAL = {
  title: 'footer.legal',
  links: [
    { to: '/privacy', label: 'footer.privacy' },
    { to: '/terms', label: 'footer.terms' },
    { to: '/gdpr', label: 'footer.gdpr' },
  ],
} as const;

// A logged-in user has no account to create or log in to: their column leads to their own pages.
const COMPANY_LINKS = {
  anonymous: [
    { to: '/about', label: 'footer.about' },
    { to: '/contact', label: 'footer.contact' },
    { to: '/register', label: 'footer.register' },
    { to: '/login', label: 'nav.login' },
  ],
  authenticated: [
    { to: '/about', label: 'footer.about' },
    { to: '/contact', label: 'footer.contact' },
    { to: '/dashboard', label: 'nav.dashboard' },
    { to: '/profile', label: 'footer.profile' },
  ],
} as const;

const linkClass = 'rounded text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

export function SiteFooter() {
  const { t } = useTranslation();
  const { session } = useShell();
  const columns = [
    PRODUCT,
    LEARN,
    { title: 'footer.company', links: session.user ? COMPANY_LINKS.authenticated : COMPANY_LINKS.anonymous },
    LEGAL,
  ] as const;
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:grid-cols-5 lg:px-8">
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
                  <ShellLink to={link.to} className={linkClass}>
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
