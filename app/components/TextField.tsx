/**
 * A labelled input with its server-side field errors (the `fields` of a 422
 * ClientError) linked by `aria-describedby`. Forms validate on the server
 * (`noValidate`), so the model's rules live in one place.
 */
import type { InputHTMLAttributes } from 'react';
import { FieldError, fieldErrorProps } from './FieldError';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
}

export function TextField({ id, label, value, onChange, errors, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldErrorProps(id, errors)}
        {...input}
      />
      <FieldError inputId={id} messages={errors} />
    </div>
  );
}
