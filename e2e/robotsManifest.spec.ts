/** `/robots.txt` keeps crawlers out of the API and signed-in pages; the web manifest names the app and its icon. */
import { appName } from '../appName';
import { expect, test } from './support/test';

test('robots.txt allows the public pages and disallows the API and signed-in pages', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^User-Agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  for (const path of ['/api/', '/teams/', '/account']) expect(text).toContain(`Disallow: ${path}`);
});

test('the web manifest is linked from pages and its icons are served', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(String(href));
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as { name: string; start_url: string; icons: { src: string }[] };
  expect(manifest).toMatchObject({ name: appName, start_url: '/' });
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});
