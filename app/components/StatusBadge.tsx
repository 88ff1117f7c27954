/** A campaign's status as a coloured badge (colours in globals.css: `.status-draft` ...). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}
