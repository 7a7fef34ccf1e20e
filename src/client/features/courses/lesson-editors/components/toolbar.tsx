import { useCallback, useLayoutEffect, useRef, type ComponentType, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { LucideProps } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A WAI-ARIA toolbar: one tab stop, arrow keys (and Home/End) move between its buttons, and the
 * button last used keeps the tab stop. Buttons are named (aria-label) and toggles carry
 * aria-pressed. Clicking a button keeps the editor's selection (mousedown does not steal focus).
 */
export function Toolbar({
  label,
  children,
  ref,
  className,
}: {
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  className?: string;
}) {
  const root = useRef<HTMLDivElement | null>(null);
  const current = useRef<string | null>(null);

  const buttons = () => [...(root.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]:not(:disabled)') ?? [])];

  // After every render (buttons come and go with the selection), exactly one button is tabbable.
  useLayoutEffect(() => {
    const all = [...(root.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]') ?? [])];
    const enabled = all.filter((b) => !b.disabled);
    const active = enabled.find((b) => b.dataset.tool === current.current) ?? enabled[0];
    for (const button of all) button.tabIndex = button === active ? 0 : -1;
  });

  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      root.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = buttons();
    const index = list.findIndex((b) => b === document.activeElement);
    if (index < 0) return;
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % list.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + list.length) % list.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = list.length - 1;
    if (next < 0) return;
    event.preventDefault();
    list[next]?.focus();
  };

  return (
    <div
      ref={setRef}
      role="toolbar"
      aria-label={label}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const tool = (event.target as HTMLElement).dataset.tool;
        if (!tool) return;
        current.current = tool;
        for (const button of root.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]') ?? [])
          button.tabIndex = button.dataset.tool === tool ? 0 : -1;
      }}
      className={cn('flex flex-wrap items-center gap-0.5', className)}
    >
      {children}
    </div>
  );
}

/** Focuses the toolbar's current button (Alt+F10 from the editor). */
export function focusToolbar(toolbar: HTMLElement | null) {
  const target =
    toolbar?.querySelector<HTMLButtonElement>('button[data-tool][tabindex="0"]') ??
    toolbar?.querySelector<HTMLButtonElement>('button[data-tool]:not(:disabled)');
  target?.focus();
}

export interface ToolButtonProps {
  id: string;
  label: string;
  icon: ComponentType<LucideProps>;
  onClick: () => void;
  /** A toggle's state; leave undefined for a plain action. */
  pressed?: boolean;
  disabled?: boolean;
  /** Shown next to the icon (short, e.g. "H2"); the name stays `label`. */
  text?: string;
}

export function ToolButton({ id, label, icon: Icon, onClick, pressed, disabled, text }: ToolButtonProps) {
  return (
    <button
      type="button"
      data-tool={id}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium text-foreground transition-colors',
        'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        'disabled:pointer-events-none disabled:opacity-50',
        'aria-pressed:bg-accent-soft aria-pressed:text-accent',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {text && <span aria-hidden="true">{text}</span>}
    </button>
  );
}

export function ToolSeparator() {
  return <div role="separator" aria-orientation="vertical" className="mx-1 h-6 w-px bg-border" />;
}
