// demo:file (npm run demo:remove deletes this file)
/**
 * `/teams/[teamId]/campaigns`: the list. Prefetches the page the URL asks
 * for and the stats on the server (in-process, no HTTP), so the client
 * components render with data at once; they take over from there.
 *
 * A `page` out of range (`?page=99` of 2, `?page=0`, `?page=x`) redirects to
 * the nearest real page, so the list never says "Page 99 of 2".
 */
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CampaignsView } from '@/app/components/campaigns/CampaignsView';
import {
  fromSearchParams,
  indexOptions,
  lastPage,
  parseListState,
  toQueryString,
} from '@/app/components/campaigns/listQuery';
import { requireTeam } from '@/app/lib/requireTeam';
import { CampaignController, HydrateClient } from '@/controllers/serverComponents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Campaigns' };

export default async function CampaignsPage({
  params,
  searchParams,
}: {
  params: Promise<{ teamId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { team, isOwner } = await requireTeam((await params).teamId);
  const get = fromSearchParams(await searchParams);
  const state = parseListState(get);
  const [list] = await Promise.all([
    // `fetch` (not `prefetch`): the count decides the redirect below. It caches the page for HydrateClient too.
    CampaignController.fetch({ teamId: team.id }).index(indexOptions(state)),
    CampaignController.prefetch({ teamId: team.id }).indexStats(),
  ]);
  const page = Math.min(state.page, lastPage(list.pagination));
  const asked = get('page');
  if (asked !== undefined && asked !== null && asked !== String(page)) {
    redirect(`/teams/${team.id}/campaigns${toQueryString({ ...state, page })}`);
  }
  return (
    <HydrateClient>
      <CampaignsView teamId={team.id} isOwner={isOwner} />
    </HydrateClient>
  );
}
