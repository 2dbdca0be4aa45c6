import { useId, type ReactNode } from 'react';

export interface ConsentSwitchProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** Read after the label by screen readers (aria-describedby). */
  description?: ReactNode;
}

/**
 * An on/off switch: a real checkbox, so keyboard (Space) and form semantics come for free, with
 * role="switch" so screen readers say "on"/"off", and a <label> that names it and is clickable.
 */
export function ConsentSwitch({ label, checked, onChange, description }: ConsentSwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="consent-switch">
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox gives the switch its on/off state from its own `checked`; aria-checked on it would repeat it, and ARIA in HTML asks authors not to set it there.
        role="switch"
        id={id}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={description === undefined ? undefined : descriptionId}
      />
      <label htmlFor={id}>{label}</label>
      {description === undefined ? null : (
        <div id={descriptionId} className="consent-switch__description">
          {description}
        </div>
      )}
    </div>
  );
}
