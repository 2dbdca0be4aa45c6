import { DEVICE_CLASSES } from '@mesura/protocol';
import type { ActivityDraft, LoggedInChoice } from './activity-draft';
import { formKey } from './form-key';
import { DEVICE_LABELS } from './experiment-labels';

const LOGGED_IN_CHOICES: { value: LoggedInChoice; label: string }[] = [
  { value: 'any', label: 'Tant se val' },
  { value: 'yes', label: 'Amb sessió iniciada' },
  { value: 'no', label: 'Sense sessió iniciada' },
];

interface AudienceFieldsProps {
  draft: ActivityDraft;
  onChange: (next: ActivityDraft) => void;
}

/** Who sees the activity, besides its page: device classes, signed in or not, query parameters of the page's address. */
export function AudienceFields({ draft, onChange }: AudienceFieldsProps) {
  const toggleDevice = (device: (typeof DEVICE_CLASSES)[number], on: boolean) =>
    onChange({ ...draft, devices: on ? DEVICE_CLASSES.filter((d) => d === device || draft.devices.includes(d)) : draft.devices.filter((d) => d !== device) });
  const setQuery = (query: ActivityDraft['query']) => onChange({ ...draft, query });

  return (
    <fieldset className="form-card experiment-fieldset">
      <legend>Audiència</legend>
      <p className="admin-note">Sense cap condició, la veuen tots els visitants de la pàgina.</p>
      <fieldset className="experiment-subfieldset">
        <legend>Dispositius (cap marcat: tots)</legend>
        <div className="choice-row">
          {DEVICE_CLASSES.map((device) => (
            <label key={device}>
              <input type="checkbox" checked={draft.devices.includes(device)} onChange={(event) => toggleDevice(device, event.target.checked)} /> {DEVICE_LABELS[device]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="experiment-subfieldset">
        <legend>Sessió del visitant</legend>
        <div className="choice-row">
          {LOGGED_IN_CHOICES.map((choice) => (
            <label key={choice.value}>
              <input type="radio" name="logged-in" checked={draft.loggedIn === choice.value} onChange={() => onChange({ ...draft, loggedIn: choice.value })} /> {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="experiment-subfieldset">
        <legend>Paràmetres de l'adreça (nom = valor; un valor buit vol dir «qualsevol»)</legend>
        {draft.query.map((condition, i) => (
          <div key={condition.key} className="pair-row">
            <label>
              Nom del paràmetre {i + 1} <input value={condition.name} onChange={(event) => setQuery(draft.query.map((q, j) => (j === i ? { ...q, name: event.target.value } : q)))} />
            </label>
            <label>
              Valor del paràmetre {i + 1} <input value={condition.value} onChange={(event) => setQuery(draft.query.map((q, j) => (j === i ? { ...q, value: event.target.value } : q)))} />
            </label>
            <button type="button" className="button button--quiet" aria-label={`Treu el paràmetre ${i + 1}`} onClick={() => setQuery(draft.query.filter((_, j) => j !== i))}>
              Treu
            </button>
          </div>
        ))}
        <button type="button" className="button button--quiet" onClick={() => setQuery([...draft.query, { key: formKey(), name: '', value: '' }])}>
          Afegeix un paràmetre
        </button>
      </fieldset>
    </fieldset>
  );
}
