/**
 * Names are stored as given, bidi controls included, so a right-to-left
 * override (U+202E) in one must not reverse the app's own words beside it:
 * every page isolates user text (`<bdi>`, or `.user-text` with
 * `unicode-bidi: isolate`). Checked where the name sits next to the app's
 * words: the members table's " (you)", the site header, the team bar; and
 * labels built as strings that end in a name carry it between U+2068 and
 * U+2069 (isolateText), which no CSS can do for an accessible name; an
 * image's alt text is one of them.
 */
import type { Locator } from '@playwright/test';
// demo:begin
import { throttleUploads } from './support/campaignUploads';
import { makePng } from './support/files';
// demo:end
import { ALICE, CAROL, createCampaign, signInAs, teamId, uniqueName } from './support/session';
import { expect, isolated, test } from './support/test';

const OVERRIDE = '\u202e';

/**
 * Whether the text node holding `text` sits in an element that isolates it inside `scope` (the
 * element that also holds the app's words: blocks such as a cell or a paragraph isolate their whole
 * content, not the name from the words beside it, so `scope` itself does not count), and where the
 * text `after` it is drawn: to its right, as written, or reversed to its left.
 */
async function layoutOf(scope: Locator, text: string, after?: string) {
  return scope.evaluate(
    (root, [text, after]) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const own = nodes.find((node) => node.data.includes(text as string));
      if (!own) throw new Error(`no text node with ${JSON.stringify(text)}`);
      let isolated = false;
      for (let element = own.parentElement; element && element !== root; element = element.parentElement) {
        if (getComputedStyle(element).unicodeBidi.startsWith('isolate')) isolated = true;
      }
      if (!after) return { isolated, afterIsRight: true };
      const rectOf = (node: Text, from: number, length: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, from + length);
        return range.getBoundingClientRect();
      };
      const holder = nodes.find((node) => node !== own && node.data.includes(after as string)) ?? own;
      const name = rectOf(own, own.data.indexOf(text as string), (text as string).length);
      const next = rectOf(holder, holder.data.indexOf(after as string), (after as string).length);
      return { isolated, afterIsRight: next.left >= name.right - 1 };
    },
    [text, after] as const,
  );
}

test('a name with a right-to-left override stays inside its own text on the members page, header and team bar', async ({
  page,
}) => {
  const name = `x ${OVERRIDE}evil`;
  const email = `${uniqueName('bidi').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'long enough password' },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const teamName = `Team ${OVERRIDE}evil`;
  const team = await page.request.post('/api/teams', { data: { data: { name: teamName } } });
  expect(team.status(), await team.text()).toBe(201);
  const teamId = ((await team.json()) as { id: number }).id;

  await page.goto(`/teams/${teamId}/members`);
  const row = page.getByTestId('member-row').filter({ hasText: 'evil' });
  await expect(row).toHaveCount(1);
  const nameCell = row.getByRole('cell').first();
  expect.soft(await layoutOf(nameCell, name, '(you)')).toEqual({ isolated: true, afterIsRight: true });

  const account = page.getByRole('navigation', { name: 'Account' });
  expect.soft(await layoutOf(account, name, 'Sign out')).toEqual({ isolated: true, afterIsRight: true });
  const teamBar = page.getByRole('region', { name: 'Team' }).locator('.team-name');
  expect.soft(await layoutOf(teamBar, teamName, 'owner')).toEqual({ isolated: true, afterIsRight: true });
});

test('labels that end in a name isolate it: role, save, remove and keep a member, revoke a key', async ({
  page,
  browser,
}) => {
  await signInAs(page.request, ALICE);
  const team = (await (await page.request.post('/api/teams', { data: { name: uniqueName('Labels') } })).json()) as {
    id: number;
  };
  const invited = await page.request.post(`/api/teams/${team.id}/invitations`, { data: { email: CAROL } });
  expect(invited.status()).toBe(201);
  const token = ((await invited.json()) as { link: string }).link.split('/').pop() ?? '';
  const carol = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    await signInAs(carol.request, CAROL);
    expect((await carol.request.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);
  } finally {
    await carol.close();
  }

  await page.goto(`/teams/${team.id}/members`);
  const row = page.getByTestId('member-row').filter({ hasText: CAROL });
  await expect(row.getByRole('combobox', { name: `Role of ${isolated('Carol')}`, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Save role of ${isolated('Carol')}`, exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Remove ${isolated('Carol')}`, exact: true }).click();
  await expect(row.getByRole('button', { name: `Yes, remove ${isolated('Carol')}`, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Keep ${isolated('Carol')}`, exact: true })).toBeVisible();

  const keyName = uniqueName('Key');
  expect((await page.request.post(`/api/teams/${team.id}/api-keys`, { data: { name: keyName } })).status()).toBe(201);
  await page.goto(`/teams/${team.id}/api-keys`);
  const key = page.getByTestId('api-key-row').filter({ hasText: keyName });
  await key.getByRole('button', { name: `Revoke ${isolated(keyName)}`, exact: true }).click();
  await expect(key.getByRole('button', { name: `Yes, revoke ${isolated(keyName)}`, exact: true })).toBeVisible();
});

// demo:begin
test("alt texts that end in a name isolate it: a campaign's logo, its thumbnail, the list's logo, a preview", async ({
  page,
}) => {
  const acme = await teamId(page.request, 'Acme');
  const campaign = await createCampaign(page.request, acme, { name: uniqueName(`Logo ${OVERRIDE}evil`) });
  await page.goto(`/teams/${acme}/campaigns/${campaign.id}`);

  // Each image is waited for by its test id; then one check per alt text (soft, so a run reports every
  // one that ends in a bare name), found as a screen reader names the image: by role and exact name. A
  // short wait: the image is there already, only its name is in question.
  const describedAs = (image: Locator, name: string) =>
    expect.soft(image.and(page.getByRole('img', { name, exact: true }))).toBeVisible({ timeout: 1_000 });
  const logo = page.getByRole('region', { name: 'Logo' });
  // Slowed down, so the preview (described by the file's name) is there to check before the upload ends.
  const unthrottle = await throttleUploads(page, 64 * 1024);
  const file = `x ${OVERRIDE}evil.png`;
  await logo.getByLabel('Upload logo').setInputFiles({ name: file, mimeType: 'image/png', buffer: makePng(200) });
  await expect(logo.getByTestId('logo-preview')).toBeVisible();
  await describedAs(logo.getByTestId('logo-preview'), `Preview of ${isolated(file)}`);
  await unthrottle();
  await expect(logo.getByTestId('logo-image')).toBeVisible({ timeout: 15_000 });
  await describedAs(logo.getByTestId('logo-image'), `Logo of ${isolated(campaign.name)}`);
  // The image job's thumbnail appears once it has run (imageJob.spec.ts).
  await expect(logo.getByTestId('logo-thumb')).toBeVisible({ timeout: 30_000 });
  await describedAs(logo.getByTestId('logo-thumb'), `Thumbnail of ${isolated(campaign.name)}`);

  await page.goto(`/teams/${acme}/campaigns?q=${encodeURIComponent(campaign.name)}`);
  await expect(page.getByTestId('campaign-thumb')).toBeVisible();
  await describedAs(page.getByTestId('campaign-thumb'), `Logo of ${isolated(campaign.name)}`);
});
// demo:end
