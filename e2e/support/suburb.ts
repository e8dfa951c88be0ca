import type { Page } from 'playwright-core';
import { clickSelectOption, OPEN_SELECT_LIST as OPEN_LIST } from './browser';

/**
 * Picks the suburb matching `pick` from the list a suburb field (`testId`) offers, and waits for the list to close,
 * so the next click lands on the form and not on the list. On a loaded machine the list has now and then stayed
 * open after the click, over the form's Save button (about once in ten checkout journeys run alone, twice in one CI
 * run; never with a late search answer behind it): the option is now clicked once the list's opening motion is over,
 * which is what made the account menu's clicks miss, and should the list still stay open it is clicked again, as a
 * shopper would, and said so in the log.
 */
export async function pickSuburb(page: Page, testId: string, pick: RegExp): Promise<void> {
  const option = page.getByTestId(`${testId}-option`).filter({ hasText: pick }).first();
  await clickSelectOption(page, option);
  const closed = () =>
    page.waitForFunction((list) => !document.querySelector(list), OPEN_LIST, { timeout: 3_000 });
  try {
    await closed();
  } catch {
    // What the field and the list held says which way it went: a pick taken (the field holds the suburb) with the
    // list left open, or a click that picked nothing.
    const field = await page.getByTestId(`${testId}-input`).inputValue();
    const options = await page.locator(`${OPEN_LIST} [data-testid="${testId}-option"]`).allTextContents();
    console.warn(
      `pickSuburb: the ${testId} list stayed open after the click (field ${JSON.stringify(field)}, ` +
        `options ${JSON.stringify(options)}); clicking ${String(pick)} again`,
    );
    await option.click();
    await closed();
  }
}
