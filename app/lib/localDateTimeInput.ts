/**
 * An ISO-8601 timestamp as the value of an `<input type="datetime-local">`
 * (`2026-01-15T10:30`, in the browser's time zone), for the generated forms.
 * The form sends `new Date(value).toISOString()` back: the browser's zone again.
 */
export function localDateTimeInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
