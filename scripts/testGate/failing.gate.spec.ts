// Fixture of scripts/testGate.test.ts: a Playwright test that fails, in a real browser.
import { expect, test } from '@playwright/test';

test('gate fixture fails in the browser', async ({ page }) => {
  await page.setContent('<h1>gate</h1>');
  await expect(page.locator('h1')).toHaveText('not gate', { timeout: 500 });
});
