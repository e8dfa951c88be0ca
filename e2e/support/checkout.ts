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

/**
 * Waits for checkout's delivery prices: its Delivery card then says how the address's zone delivers (`window`, the
 * window picker being the choice; `courier`, standard and express).
 */
export async function waitForDeliveryPrices(page: Page, mode?: 'window' | 'courier'): Promise<void> {
  await page
    .locator(`[data-testid="checkout-delivery"][data-delivery-mode${mode ? `="${mode}"` : ''}]`)
    .waitFor();
}
