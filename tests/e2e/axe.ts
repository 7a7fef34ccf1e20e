import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe on a page whose finite animations have ended. A toast fading out is drawn at part of its
 * opacity for 150 ms, and axe reads that as too little contrast: a finding about the moment, not
 * the page. Endless animations (spinners, pulses) never end, so they are not waited for.
 */
export async function settledAxe(page: Page): Promise<AxeBuilder> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  return new AxeBuilder({ page });
}

/** Axe finds nothing on the settled page; each finding is named by its rule and the elements it is about. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
