import type { Page } from 'playwright-core';

/**
 * Picks a delivery window at checkout: tomorrow's first free one (tomorrow always has all its windows open, and
 * the first of the day carries no evening surcharge). Answers the chosen window's label as shown.
 */
export async function pickDeliveryWindow(page: Page): Promise<string> {
  const picker = page.getByTestId('window-picker');
  await picker.waitFor();
  await picker.locator('.window-picker__days label').nth(1).click();
  const window = picker.locator('.window-picker__window:not(.ant-radio-wrapper-disabled)').first();
  await window.click();
  return (await window.textContent()) ?? '';
}
