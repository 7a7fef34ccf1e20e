import { createContext, use, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs as the WAI-ARIA pattern describes them: a tablist whose tabs the arrow keys, Home and End
 * move between (wrapping round), a tab chosen as it takes the focus, one tab in the Tab order, each
 * panel named by its tab. Written here rather than taken from Radix: the three uses need nothing
 * more, and Radix's tabs with their roving-focus collection were 6 KB of the builder's first load
 * (docs/decisions/038-own-tabs.md).
 */

interface TabsState {
  value: string;
  choose: (value: string) => void;
  base: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error('Tabs parts belong inside <Tabs>');
  return state;
}

const triggerId = (base: string, value: string) => `${base}-tab-${value}`;
const panelId = (base: string, value: string) => `${base}-panel-${value}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  /** The chosen tab, when the caller keeps it; else `defaultValue` starts it. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const choose = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ value: current, choose, base }}>
      <div {...props} />
    </TabsContext>
  );
}

/** Tabs wrap onto a second row rather than scroll: on a phone every tab stays in sight. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { choose } = useTabs();
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0 || event.defaultPrevented) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const tab = tabs[(to + tabs.length) % tabs.length];
    tab?.focus();
    if (tab?.dataset.value) choose(tab.dataset.value);
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('flex w-full flex-wrap gap-1 rounded-xl border border-border bg-muted p-1 sm:inline-flex sm:w-auto', className)}
      onKeyDown={move}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const { value: current, choose, base } = useTabs();
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(base, value)}
      aria-selected={selected}
      aria-controls={panelId(base, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-value={value}
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-2 rounded-lg px-3.5 text-sm font-medium text-muted-foreground transition-colors',
        'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) choose(value);
      }}
      {...props}
    />
  );
}

/**
 * A tab's panel: shown while its tab is chosen; `forceMount` keeps it mounted while another is
 * (it is then marked data-state="inactive" for the caller to hide), so what is typed in it stays.
 */
export function TabsContent({ className, value, forceMount, ...props }: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const { value: current, base } = useTabs();
  const selected = value === current;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(base, value)}
      aria-labelledby={triggerId(base, value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={0}
      className={cn('mt-6 focus-visible:outline-none', className)}
      {...props}
    />
  );
}
