import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@shared/schemas/users.ts';

const api = vi.hoisted(() => ({ fetchMe: vi.fn(), logout: vi.fn() }));
vi.mock('@/lib/session', () => api);

const user = { id: 1, email: 'kim@firma.dk', contactName: 'Kim' } as unknown as TUser;

async function loadStore() {
  vi.resetModules();
  return import('@/app/shell/session-store');
}

describe("the light shell's session store", () => {
  beforeEach(() => {
    api.fetchMe.mockReset();
    api.logout.mockReset().mockResolvedValue({ ok: true });
  });

  it('asks once, shares the answer, and reports loading until then', async () => {
    api.fetchMe.mockResolvedValue(null);
    const store = await loadStore();
    expect(store.getSession().status).toBe('loading');
    await Promise.all([store.loadSession(), store.loadSession()]);
    expect(api.fetchMe).toHaveBeenCalledTimes(1);
    expect(store.getSession()).toEqual({ status: 'anonymous', user: null });
  });

  it('a login is not undone by a session check that answers later', async () => {
    let answer: (value: TUser | null) => void = () => {};
    api.fetchMe.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = await loadStore();
    const check = store.loadSession();
    store.startSession(user);
    answer(null);
    await check;
    expect(store.getSession()).toEqual({ status: 'authenticated', user });
  });

  it('logging out clears the user at once, whatever the server answers', async () => {
    api.fetchMe.mockResolvedValue(user);
    api.logout.mockRejectedValue(new Error('offline'));
    const store = await loadStore();
    await store.loadSession();
    store.endSession();
    expect(store.getSession()).toEqual({ status: 'anonymous', user: null });
    expect(api.logout).toHaveBeenCalledTimes(1);
  });
});
