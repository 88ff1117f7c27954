/** Display formats shared by the pages. Locale-fixed so the server and browser render the same text. */

const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Budgets are whole units of the team's currency; none is shown as a dash. */
export function formatBudget(budget: number | null | undefined): string {
  return budget === null || budget === undefined ? '—' : numberFormat.format(budget);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * A wait or a remaining time in words, rounded up so nobody comes back too
 * early: `45 seconds`, `4 minutes`, `2 hours`, `1 hour 30 minutes`. Used for
 * "Try again in ..." (a 429's Retry-After) and an upload's time left.
 */
export function formatDuration(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
