'use client';
/**
 * Previous/next and "Page x of y" for an index response's `pagination`. At
 * either end the button is unavailable but keeps focus (Button.tsx), so
 * paging to the last page with the keyboard does not lose your place.
 */
import { Button } from './Button';

interface PaginationInfo {
  page: number;
  perPage: number;
  totalCount: number;
  /** The server stopped counting: `totalCount` is a lower bound (docs/controllers.md, "Responses"). */
  totalCountCapped?: boolean;
  hasMore: boolean;
}

export function Pagination({
  pagination,
  onPage,
  label = 'Pagination',
}: {
  pagination: PaginationInfo;
  onPage: (page: number) => void;
  label?: string;
}) {
  const { page, perPage, totalCount, totalCountCapped, hasMore } = pagination;
  const pages = Math.max(1, Math.ceil(totalCount / perPage));
  const more = totalCountCapped ? '+' : '';
  return (
    <nav aria-label={label} className="pagination">
      <Button className="button subtle" unavailable={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
        {more} · {totalCount}
        {more} in all
      </span>
      <Button className="button subtle" unavailable={!hasMore} onClick={() => onPage(page + 1)}>
        Next →
      </Button>
    </nav>
  );
}
