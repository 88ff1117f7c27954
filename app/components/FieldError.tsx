/**
 * A field's server-side errors (the `fields` of a 422 ClientError), linked
 * to its input with `aria-describedby={fieldErrorId(id)}`.
 */
export function fieldErrorId(inputId: string): string {
  return `${inputId}-error`;
}

export function FieldError({ inputId, messages }: { inputId: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={fieldErrorId(inputId)} className="field-error">
      {messages.join(', ')}
    </p>
  );
}
