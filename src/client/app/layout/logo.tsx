import { useTranslation } from '@/lib/use-translation';
import { ShellLink } from '@/lib/shell-context';

/** Kursa's mark and name, a link to the front page (or, in the workspace, to the person's own start: `to`, named `label`). */
export function Logo({ onNavigate, to = '/', label }: { onNavigate?: () => void; to?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <ShellLink
      to={to}
      onClick={onNavigate}
      aria-label={label ?? t('nav.home')}
      className="flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M10 8v16M10 16l9-8M12.5 14l7.5 10"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Kursa
    </ShellLink>
  );
}
