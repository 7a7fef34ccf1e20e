import { DropdownMenu } from 'radix-ui';
import ChevronDown from 'lucide-react/icons/chevron-down';
import House from 'lucide-react/icons/house';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import type { TUser } from '@shared/schemas/users.ts';
import { useNavigate } from 'react-router';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';

const itemClasses =
  'flex h-10 cursor-default items-center gap-3 rounded-md px-3 text-sm text-foreground outline-none select-none data-[highlighted]:bg-muted data-[disabled]:opacity-55';

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The account menu at the right of the top bar: who is logged in, the profile, the public site, logging out. */
export function UserMenu({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const { logout, logoutPending } = useShell();
  const navigate = useNavigate();
  const name = user.contactName || user.username;
  return (
    <DropdownMenu.Root modal={false}>
      {/* Named by what it shows (with the word for what it is first), as a screen reader and voice control read it. */}
      <DropdownMenu.Trigger className="flex h-10 items-center gap-2 rounded-lg px-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:px-2">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent"
        >
          {initialsOf(name)}
        </span>
        <span className="sr-only">{t('workspace.account')}: </span>
        <span className="hidden max-w-40 truncate md:inline" data-testid="nav-user-name">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground md:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-xl border border-border bg-card p-1.5 text-foreground shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold">{name}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.companyName}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void navigate('/profile')}>
            <UserRound aria-hidden="true" className="size-4" />
            {t('workspace.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => void navigate('/')}>
            <House aria-hidden="true" className="size-4" />
            {t('workspace.frontPage')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClasses} disabled={logoutPending} onSelect={logout}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
