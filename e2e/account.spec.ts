/**
 * The Account page for a user who signed up in the test (never a seeded one:
 * other specs rely on Alice, Bob and Carol): changing the display name.
 */
import { expect, type Page, test } from './support/test';

const PASSWORD = 'e2e correct horse';

function uniqueEmail(who: string): string {
  return `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(name);
}

test('changes the name: trimmed, shown in the header and on the page; a blank one is refused beside the field', async ({
  page,
}) => {
  await signUp(page, 'Gina', uniqueEmail('gina'));
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Change name' });
  const name = form.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Gina');

  // Only spaces and a zero-width space: nothing visible, refused by the server beside the field.
  await name.fill('   \u200b ');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription("can't be blank");
  await expect(name).toBeFocused();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Gina');

  await name.fill('  Gina Rossi\u200b ');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(form.getByRole('status')).toHaveText('Name changed.');
  await expect(page.getByTestId('signed-in-as')).toHaveText('Gina Rossi');
  await expect(page.getByText('Signed in as Gina Rossi')).toBeVisible();
  await expect(name).toHaveValue('Gina Rossi');
  await expect(name).not.toHaveAttribute('aria-invalid');

  // Stored, not only shown: a fresh load reads it from the database.
  await page.reload();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Gina Rossi');
});
