// Building blocks of the checkout form: a labelled text field and a checkbox whose Dutch error sits right next to
// it, tied to the input with aria-describedby and aria-invalid so a screen reader reads it with the field.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldId } from './checkout/form.ts';

const errorId = (field: string) => `${fieldId(field)}-error`;
const hintId = (field: string) => `${fieldId(field)}-hint`;

export function describedBy(field: string, error: string | undefined, hint?: boolean): string | undefined {
  const ids = [hint ? hintId(field) : null, error ? errorId(field) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldError({ field, error }: { field: string; error: string | undefined }) {
  return error ? (
    <p id={errorId(field)} className="field-error">
      {error}
    </p>
  ) : null;
}

type TextProps = {
  field: string;
  label: ReactNode;
  value: string;
  error?: string;
  hint?: ReactNode;
  onChange: (value: string) => void;
  onBlur?: () => void;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'id'>;

export function TextField({ field, label, value, error, hint, onChange, onBlur, className, ...input }: TextProps) {
  const id = fieldId(field);
  return (
    <div className={`co-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId(field)} className="hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={field}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, error, Boolean(hint))}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        {...input}
      />
      <FieldError field={field} error={error} />
    </div>
  );
}

type CheckProps = {
  field: string;
  label: ReactNode;
  checked: boolean;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  role?: 'switch';
  onChange: (checked: boolean) => void;
};

export function CheckField({ field, label, checked, error, hint, disabled, role, onChange }: CheckProps) {
  const id = fieldId(field);
  return (
    <div className="co-check">
      <input
        id={id}
        name={field}
        type="checkbox"
        role={role}
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, error, Boolean(hint))}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId(field)} className="hint">
          {hint}
        </p>
      )}
      <FieldError field={field} error={error} />
    </div>
  );
}
