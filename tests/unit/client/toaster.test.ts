import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Props = Record<string, unknown> & { children?: unknown };
const radix = vi.hoisted(() => ({
  provider: {} as Record<string, unknown>,
  viewport: {} as Record<string, unknown>,
  roots: [] as Record<string, unknown>[],
}));

/** Radix Toast, recording the props the toaster configures it with (its timers need a browser). */
vi.mock('radix-ui', async () => {
  const { createElement: h, Fragment } = await import('react');
  const wrap = (props: Props) => h(Fragment, null, props.children as never);
  return {
    Toast: {
      Provider: (props: Props) => ((radix.provider = props), wrap(props)),
      Viewport: (props: Props) => ((radix.viewport = props), null),
      Root: (props: Props) => (radix.roots.push(props), h('li', null, props.children as never)),
      Title: (props: Props) => h('strong', null, props.children as never),
      Description: (props: Props) => h('p', null, props.children as never),
      Close: (props: Props) => h('button', { 'aria-label': props['aria-label'] as string }),
    },
  };
});

/** A fresh store (module state) and toaster for every test. */
async function load() {
  vi.resetModules();
  const store = await import('@/lib/use-toast');
  const { default: Toaster } = await import('@/components/ui/toaster');
  const render = () => {
    radix.roots = [];
    return renderToStaticMarkup(createElement(Toaster, { viewportLabel: 'Notifikationer ({hotkey})', closeLabel: 'Luk' }));
  };
  return { store, render };
}

describe('Toaster (notifications)', () => {
  beforeEach(() => {
    radix.provider = {};
    radix.viewport = {};
  });

  it('shows each toast for 5000 ms, dismissed by a swipe right past 50 px, in a labelled viewport', async () => {
    const { store, render } = await load();
    store.toast({ title: 'Velkommen tilbage' });
    render();
    expect(radix.provider).toMatchObject({ duration: 5000, swipeDirection: 'right', swipeThreshold: 50 });
    // Radix puts the F8 hotkey into the label and focuses the viewport on F8 (its default hotkey).
    expect(radix.viewport).toMatchObject({ label: 'Notifikationer ({hotkey})' });
    expect(radix.viewport.hotkey).toBeUndefined();
  });

  it('renders the one current toast with its text, a labelled close button and its urgency', async () => {
    const { store, render } = await load();
    store.toast({ title: 'First' });
    store.toast({ title: 'Login fejlede', description: 'Ugyldig e-mail eller adgangskode.', variant: 'destructive' });
    const html = render();
    expect(radix.roots).toHaveLength(1);
    expect(radix.roots[0]).toMatchObject({ open: true, type: 'foreground' });
    expect(html).toContain('<strong>Login fejlede</strong><p>Ugyldig e-mail eller adgangskode.</p>');
    expect(html).toContain('<button aria-label="Luk"></button>');
    expect(html).not.toContain('First');

    store.toast({ title: 'CVR-data hentet' });
    render();
    expect(radix.roots[0]).toMatchObject({ open: true, type: 'background' });
  });

  it('closes the toast in the store when Radix reports it closed (timeout, swipe or close button)', async () => {
    const { store, render } = await load();
    store.toast({ title: 'Profil opdateret' });
    render();
    const onOpenChange = radix.roots[0]?.onOpenChange as (open: boolean) => void;
    onOpenChange(false);
    render();
    expect(radix.roots).toHaveLength(1);
    expect(radix.roots[0]).toMatchObject({ open: false });
  });
});
