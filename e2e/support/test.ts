/**
 * Playwright's `test`, with a page that waits for React after each
 * navigation. `page.goto()` resolves on the load event, which can come before
 * React has hydrated the page: text typed into a server-rendered input then
 * is lost when React takes the input over (seen in CI: an emptied name was
 * saved unchanged). Pages rendered by the app mark themselves hydrated
 * (app/providers.tsx); other documents (the API reference) are not waited for.
 */
import { test as base, type Page } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';

/** `text` between U+2068 and U+2069, as the app isolates a name in a label or notice built as a string (isolateText). */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Waits until React has hydrated the page (for pages of contexts made by hand, which this fixture does not wrap). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === 'true' || !document.querySelector('script[src*="/_next/"]'),
  );
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});
