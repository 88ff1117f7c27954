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
