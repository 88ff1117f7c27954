// demo:file (npm run demo:remove deletes this file)
/**
 * For the campaign file specs: a fresh campaign's page, and slower uploads
 * (Chromium's network emulation) so a step is there to see or to interrupt.
 */
import type { Page } from '@playwright/test';
import { ALICE, createCampaign, signInAs, uniqueName } from './session';
import { expect } from './test';

/** Signs Alice in, opens a new campaign of Acme; returns the team and campaign ids. */
export async function openNewCampaign(page: Page, name: string): Promise<{ teamId: number; campaignId: number }> {
  const session = await signInAs(page.request, ALICE);
  const teamId = (session.teams.find((team) => team.name === 'Acme') as { id: number }).id;
  const campaign = await createCampaign(page.request, teamId, { name: uniqueName(name), budget: 1000 });
  await page.goto(`/teams/${teamId}/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.name);
  return { teamId, campaignId: campaign.id };
}

/** Limits upload speed to `bytesPerSecond`; returns a function that lifts the limit. */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const emulate = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await emulate(bytesPerSecond);
  return async () => {
    await emulate(-1);
    await cdp.detach();
  };
}
