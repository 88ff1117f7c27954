// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * One page of campaigns: sortable column headers (`aria-sort`), a checkbox
 * per row for bulk actions, each logo's thumbnail, and a link to each campaign.
 */
import Link from 'next/link';
import { isolateText } from '@/server/client';
import { formatBudget, formatDate } from '../format';
import { StatusBadge } from '../StatusBadge';
import styles from './CampaignTable.module.css';
import { CampaignThumb } from './CampaignThumb';
import { nextSort, type Sort, type SortField } from './listQuery';

export interface CampaignRow {
  id: number;
  name: string;
  status: string;
  budget: number | null;
  createdAt: string;
  creator: Record<string, unknown> | null;
  /** The logo asset's JSON (`url`, `variants.thumb`), null without one; see CampaignThumb. */
  logo?: Record<string, unknown> | null;
}

interface Props {
  teamId: number;
  rows: readonly CampaignRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], selected: boolean) => void;
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: { field: SortField; label: string } & Pick<Props, 'sort' | 'onSort'>) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={direction}>
      <button type="button" className="sort" onClick={() => onSort(nextSort(sort, field))}>
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

export function CampaignTable({ teamId, rows, sort, onSort, selected, onSelect }: Props) {
  const ids = rows.map((row) => row.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Campaigns">
        <thead>
          <tr>
            <th scope="col" className="check">
              <input
                type="checkbox"
                aria-label="Select all campaigns on this page"
                checked={allSelected}
                disabled={ids.length === 0}
                onChange={(event) => onSelect(ids, event.target.checked)}
              />
            </th>
            <th scope="col" className={styles.logoCell}>
              <span className="visually-hidden">Logo</span>
            </th>
            <SortHeader field="name" label="Name" sort={sort} onSort={onSort} />
            <th scope="col">Status</th>
            <SortHeader field="budget" label="Budget" sort={sort} onSort={onSort} />
            <SortHeader field="createdAt" label="Created" sort={sort} onSort={onSort} />
            <th scope="col">Creator</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={7} className="empty">
                No campaigns here.
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id} data-testid="campaign-row" data-selected={selected.has(row.id) || undefined}>
              <td className="check">
                <input
                  type="checkbox"
                  aria-label={`Select ${isolateText(row.name)}`}
                  checked={selected.has(row.id)}
                  onChange={(event) => onSelect([row.id], event.target.checked)}
                />
              </td>
              <td className={styles.logoCell}>
                <CampaignThumb logo={row.logo} name={row.name} />
              </td>
              <td className="user-text">
                <Link href={`/teams/${teamId}/campaigns/${row.id}`}>{row.name}</Link>
              </td>
              <td data-testid="status">
                <StatusBadge status={row.status} />
              </td>
              <td className="number" data-testid="budget">
                {formatBudget(row.budget)}
              </td>
              <td>{formatDate(row.createdAt)}</td>
              <td>{typeof row.creator?.name === 'string' ? row.creator.name : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
