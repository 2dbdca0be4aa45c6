import type { Ref } from 'react';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  invalid: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled password input of the console's forms. */
export function PasswordField({ id, label, value, onChange, autoComplete, invalid, describedBy, inputRef }: PasswordFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
    </div>
  );
}
