/**
 * A field's server-side errors (the `fields` of a 422 ClientError), linked
 * to its input. Every field in error carries the same two attributes, from
 * `fieldErrorProps`: `aria-invalid` (what useFocusFirstInvalid looks for, to
 * move focus there) and `aria-describedby` naming this message (what a
 * screen reader reads with the field).
 *
 *   <textarea id="post-body" {...fieldErrorProps('post-body', fields?.body)} />
 *   <FieldError inputId="post-body" messages={fields?.body} />
 */
export function fieldErrorId(inputId: string): string {
  return `${inputId}-error`;
}

/** The attributes that mark a field in error and link it to its FieldError; none when it has no errors. */
export function fieldErrorProps(
  inputId: string,
  messages: readonly string[] | undefined,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return messages?.length ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(inputId) } : {};
}

export function FieldError({ inputId, messages }: { inputId: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={fieldErrorId(inputId)} className="field-error">
      {messages.join(', ')}
    </p>
  );
}
