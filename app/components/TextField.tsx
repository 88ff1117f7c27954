/**
 * A labelled input with its server-side field errors (the `fields` of a 422
 * ClientError) linked by `aria-describedby`. Forms validate on the server
 * (`noValidate`), so the model's rules live in one place.
 */
import type { InputHTMLAttributes } from 'react';
import { FieldError, fieldErrorId } from './FieldError';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
}

export function TextField({ id, label, value, onChange, errors, ...input }: TextFieldProps) {
  const invalid = Boolean(errors?.length);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? fieldErrorId(id) : undefined}
        {...input}
      />
      <FieldError inputId={id} messages={errors} />
    </div>
  );
}
