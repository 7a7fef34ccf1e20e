import { settledAxe } from './axe.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

type Json = { [key: string]: string | Json };

/** A page's strings as the locale file has them, so the spec checks the text the page should show. */
export function localeFile(language: 'da' | 'en', namespace: string): Json {
  const file = path.resolve(import.meta.dirname, '../../src/client/locales', language, `${namespace}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

export const text = (value: string | Json | undefined): string => {
  if (typeof value !== 'string') throw new Error('not a string in the locale file');
  return value;
};

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await (await settledAxe(page)).include('main').analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(found, 'axe violations in main').toEqual([]);
}

/** One h1, and no heading level skipped on the way down (h2 → h4 would be). */
export async function expectOrderedHeadings(page: Page): Promise<void> {
  const levels = await page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++)
    expect(levels[i]!, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
}

export async function expectMeta(page: Page, title: string, description: string): Promise<void> {
  await expect(page).toHaveTitle(`${title} · Kursa`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
}

/**
 * Follows every link in main to a page of this site and checks that it is a page: the server
 * answers 200 and the app does not show its 404 ('Side ikke fundet').
 */
export async function expectInternalLinksResolve(page: Page, from: string): Promise<string[]> {
  await page.goto(from);
  await expect(page.locator('main h1')).toBeVisible();
  const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const paths = [...new Set(hrefs.map((href) => href.split('#')[0]!))];
  expect(paths.length).toBeGreaterThan(0);
  for (const target of paths) {
    const response = await page.goto(target);
    expect(response?.status(), `${from} → ${target}`).toBe(200);
    await expect(page.locator('main h1').first(), `${from} → ${target}`).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Side ikke fundet' }), `${from} → ${target}`).toHaveCount(0);
  }
  return paths;
}
