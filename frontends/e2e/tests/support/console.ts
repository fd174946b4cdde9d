import type { Page } from '@playwright/test';
import { describeViolations, seriousViolations } from './axe';
import { expect } from './fixtures';

/** The console's pages are checked at a desktop's and a phone's width. */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/**
 * A console page (or any page) passes axe at 1280 and 390 px and nothing sticks out sideways at
 * either width (the culprits named when it fails); ends at 1280 px.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const violations = await seriousViolations(page);
    expect(violations, `${what} at ${viewport.width} px:\n${describeViolations(violations)}`).toEqual([]);
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // What sticks out, to name it when the test fails.
      const culprits = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);
      return { by: document.documentElement.scrollWidth - width, culprits };
    });
    expect(overflow.by, `${what} at ${viewport.width} px: nothing overflows sideways; ${overflow.culprits.join(', ')}`).toBeLessThanOrEqual(
      0,
    );
  }
  await page.setViewportSize(WIDTHS[0]!);
}
