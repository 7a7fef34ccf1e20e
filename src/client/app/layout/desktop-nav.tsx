import { NavLinks } from './nav-links';

export function DesktopNav() {
  return (
    <div className="hidden lg:block">
      <NavLinks
        listClassName="flex items-center gap-0.5"
        linkClassName="rounded-lg px-1.5 py-2 xl:px-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring"
        activeClassName="bg-accent-soft text-accent"
        inactiveClassName="text-muted-foreground hover:text-foreground"
      />
    </div>
  );
}
