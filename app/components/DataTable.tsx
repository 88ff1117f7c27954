/**
 * A labelled table in the app's style whose rows end with their actions (an
 * unlabelled last column, named for screen readers). The caller renders the
 * `<tr>` rows; `label` names the table for assistive technology and tests.
 * `renderHeader` replaces a column's header text (a sort button, say).
 */
import type { ReactNode } from 'react';

interface DataTableProps {
  label: string;
  columns: readonly string[];
  children: ReactNode;
  renderHeader?: (column: string) => ReactNode;
}

export function DataTable({ label, columns, children, renderHeader }: DataTableProps) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
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
