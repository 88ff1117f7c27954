/**
 * A labelled table in the app's style whose rows end with their actions (an
 * unlabelled last column, named for screen readers). The caller renders the
 * `<tr>` rows; `label` names the table for assistive technology and tests.
 * `renderHeader` replaces a column's header text (a sort button, say).
 * With `ref`, the table can take focus from script (not from Tab): where
 * focus goes when the row it was in is removed.
 */
import type { ReactNode, Ref } from 'react';

interface DataTableProps {
  label: string;
  columns: readonly string[];
  children: ReactNode;
  renderHeader?: (column: string) => ReactNode;
  ref?: Ref<HTMLTableElement>;
}

export function DataTable({ label, columns, children, renderHeader, ref }: DataTableProps) {
  return (
    <div className="table-wrap">
      <table ref={ref} tabIndex={ref ? -1 : undefined} className="table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {renderHeader ? renderHeader(column) : column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
