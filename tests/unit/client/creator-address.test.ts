import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionInAddress, creatorAddress } from '../../../src/client/features/authoring/course-creator/lib/draft-address.ts';

/** A browser window at `href`, whose history records the address the code puts in its place. */
function windowAt(href: string) {
  const location = new URL(href);
  const replaced: string[] = [];
  vi.stubGlobal('window', {
    location,
    history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url) },
  });
  return replaced;
}

afterEach(() => vi.unstubAllGlobals());

describe("the creator's address in the workspace", () => {
  it("leads the public page's links to the wizard, a step or the AI start", () => {
    expect(creatorAddress()).toBe('/dashboard/creator');
    expect(creatorAddress({ step: 'concept' })).toBe('/dashboard/creator?step=concept');
    expect(creatorAddress({ start: 'ai' })).toBe('/dashboard/creator?start=ai');
  });

  it('turns ?step= and ?start=ai into the first action, and takes them out of the address', () => {
    const replaced = windowAt('https://kursa.example/dashboard/creator?step=outline&lang=en');
    expect(actionInAddress('?step=outline&lang=en')).toEqual({ kind: 'step', index: 2, id: 0 });
    expect(replaced).toEqual(['/dashboard/creator?lang=en']);
    windowAt('https://kursa.example/dashboard/creator?start=ai');
    expect(actionInAddress('?start=ai')).toEqual({ kind: 'ai', id: 0 });
  });

  it('asks nothing for an unknown step or an address without one, and leaves a draft where it stands', () => {
    windowAt('https://kursa.example/dashboard/creator?step=nowhere');
    expect(actionInAddress('?step=nowhere')).toBeNull();
    const untouched = windowAt('https://kursa.example/dashboard/creator?draft=d1');
    expect(actionInAddress('?draft=d1')).toBeNull();
    expect(untouched).toEqual([]);
    const withDraft = windowAt('https://kursa.example/dashboard/creator?draft=d1&step=concept');
    expect(actionInAddress('?draft=d1&step=concept')).toBeNull();
    expect(withDraft).toEqual(['/dashboard/creator?draft=d1']);
  });
});
