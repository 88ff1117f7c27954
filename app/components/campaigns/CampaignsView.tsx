// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * The campaign list: stats, a create form, status tabs, search, sortable
 * table with bulk actions, pagination. Its state is the URL's query
 * (listQuery.ts); changing it pushes a history entry without a server round
 * trip, and the `index` hook fetches the new page.
 *
 * The bulk actions' notice ("Archived 2 campaigns.") lives here: it answers
 * one action, so the next one (select, tab, search, sort, page) clears it.
 * A campaign deleted on its own page is announced here the same way, with
 * focus on the heading (usePageNotice.ts).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { CampaignController } from '@/controllers/browser';
import { ErrorMessage } from '../ErrorMessage';
import { Pagination } from '../Pagination';
import { usePageNotice } from '../usePageNotice';
import { BulkActions } from './BulkActions';
import { CampaignStats } from './CampaignStats';
import { CampaignTable } from './CampaignTable';
import { CreateCampaignForm } from './CreateCampaignForm';
import { indexOptions, type ListState, lastPage, parseListState, toQueryString } from './listQuery';
import { SearchBox } from './SearchBox';
import { StatusTabs } from './StatusTabs';

export function CampaignsView({ teamId, isOwner }: { teamId: number; isOwner: boolean }) {
  const searchParams = useSearchParams();
  const state = parseListState((name) => searchParams.get(name));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = usePageNotice('campaigns-heading');
  const list = CampaignController.use({ teamId }).index(indexOptions(state), { placeholderData: keepPreviousData });

  // The page emptied under us (archiving the last page's rows): go to the new last page.
  // The server page redirects a URL that is out of range from the start.
  const last = list.data && !list.isPlaceholderData ? lastPage(list.data.pagination) : null;
  const clampedQuery = last !== null && state.page > last ? toQueryString({ ...state, page: last }) : null;
  useEffect(() => {
    if (clampedQuery !== null) window.history.replaceState(null, '', `${window.location.pathname}${clampedQuery}`);
  }, [clampedQuery]);

  function navigate(change: Partial<ListState>) {
    // Any change but the page starts again on page 1; the selection belongs to the rows on screen.
    const next = { ...state, page: 1, ...change };
    setSelected(new Set());
    setNotice('');
    window.history.pushState(null, '', `${window.location.pathname}${toQueryString(next)}`);
  }

  function select(ids: readonly number[], on: boolean) {
    setNotice('');
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  return (
    <main className="stack">
      <h1 id="campaigns-heading" tabIndex={-1}>
        Campaigns
      </h1>
      <CampaignStats teamId={teamId} />
      <details className="card">
        <summary>New campaign</summary>
        <CreateCampaignForm teamId={teamId} />
      </details>
      <div className="list-controls">
        <StatusTabs tab={state.tab} onTab={(tab) => navigate({ tab })} />
        <SearchBox value={state.q} onSearch={(q) => navigate({ q })} />
      </div>
      <BulkActions
        teamId={teamId}
        isOwner={isOwner}
        selected={[...selected]}
        notice={notice}
        onDone={(message) => {
          setSelected(new Set());
          setNotice(message);
        }}
      />
      <ErrorMessage error={list.error} />
      <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'loading' : undefined}>
        <CampaignTable
          teamId={teamId}
          rows={list.data?.data ?? []}
          sort={state.sort}
          onSort={(sort) => navigate({ sort })}
          selected={selected}
          onSelect={select}
        />
      </div>
      {list.data && (
        <Pagination label="Campaign pages" pagination={list.data.pagination} onPage={(page) => navigate({ page })} />
      )}
    </main>
  );
}
