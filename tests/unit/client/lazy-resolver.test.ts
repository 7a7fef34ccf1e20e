import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from '@/lib/lazy-resolver';

type Values = { email: string };
const ok: Resolver<Values, unknown, Values> = (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values, unknown, Values>>[2];

describe('lazyResolver (validation code fetched on first use, ADR 008)', () => {
  it('downloads nothing until asked, then once, and validates with what it downloaded', async () => {
    const load = vi.fn(() => Promise.resolve(ok));
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    await expect(resolver({ email: 'a@b.dk' }, undefined, options)).resolves.toEqual({ values: { email: 'a@b.dk' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failure', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values, unknown, Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(ok);
    const { resolver } = lazyResolver(load);
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ email: '' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
