import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE, testId } from './browser';

/** The error Ant Design shows under the field `id` (the text its input is described by), once it is there. */
export async function fieldError(page: Page, id: string): Promise<string> {
  const field = testId(page, id);
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const help = (await field.getAttribute('aria-describedby'))?.split(' ')[0] ?? '';
  return (await page.locator(`[id="${help}"]`).textContent()) ?? '';
}

/** The field has the cursor and is on screen, below the sticky header (a phone's header and search bar). */
export async function expectFocusedInView(page: Page, id: string): Promise<void> {
  await expect.poll(() => testId(page, id).evaluate((e) => e === document.activeElement)).toBe(true);
  const box = await testId(page, id).boundingBox();
  expect(box && box.y > 110 && box.y + box.height < PHONE.height).toBe(true);
}
