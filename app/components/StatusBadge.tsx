/** A record's status as a badge, coloured by its `.status-<value>` rule in globals.css (add one per value). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}
