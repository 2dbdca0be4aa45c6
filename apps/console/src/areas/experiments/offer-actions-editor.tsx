import { useId } from 'react';
import { keptActionSentence, keptActionTitle } from './kept-action-label';
import { ACTION_KIND_LABELS, HTML_PLACES, newActionDraft, newStyleEntry, type ActionDraft, type ActionKind, type HtmlPlace } from './offer-action-draft';

interface OfferActionsEditorProps {
  /** The experience's name, to name its fields for a screen reader. */
  owner: string;
  actions: ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
}

const KINDS = Object.keys(ACTION_KIND_LABELS) as ActionKind[];

function ActionFields({ draft, label, onChange }: { draft: ActionDraft; label: string; onChange: (next: ActionDraft) => void }) {
  const id = useId();
  if (draft.kind === 'kept') {
    return <p className="admin-note">{keptActionSentence(draft.action)} Es conserva tal com és.</p>;
  }
  if (draft.kind === 'redirect') {
    return (
      <div className="form-field">
        <label htmlFor={`${id}-url`}>Adreça de destinació ({label})</label>
        <input id={`${id}-url`} value={draft.url} placeholder="https://…" onChange={(event) => onChange({ ...draft, url: event.target.value })} />
      </div>
    );
  }
  const selector = (
    <div className="form-field">
      <label htmlFor={`${id}-selector`}>Selector CSS ({label})</label>
      <input id={`${id}-selector`} value={draft.selector} placeholder="h1, .titol…" onChange={(event) => onChange({ ...draft, selector: event.target.value })} />
    </div>
  );
  if (draft.kind === 'text') {
    return (
      <>
        {selector}
        <div className="form-field">
          <label htmlFor={`${id}-text`}>Text nou ({label})</label>
          <input id={`${id}-text`} value={draft.text} onChange={(event) => onChange({ ...draft, text: event.target.value })} />
        </div>
      </>
    );
  }
  if (draft.kind === 'html') {
    return (
      <>
        {selector}
        <div className="form-field">
          <label htmlFor={`${id}-place`}>On ({label})</label>
          <select id={`${id}-place`} value={draft.place} onChange={(event) => onChange({ ...draft, place: event.target.value as HtmlPlace })}>
            {(Object.keys(HTML_PLACES) as HtmlPlace[]).map((place) => (
              <option key={place} value={place}>
                {HTML_PLACES[place]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-html`}>HTML ({label})</label>
          <textarea id={`${id}-html`} rows={4} value={draft.html} onChange={(event) => onChange({ ...draft, html: event.target.value })} aria-describedby={`${id}-html-note`} />
          <p id={`${id}-html-note`} className="admin-note">
            El servidor neteja aquest HTML abans de servir-lo (treu scripts, formularis i estils que carreguin res) llevat que un administrador marqui l'activitat com a de confiança.
          </p>
        </div>
      </>
    );
  }
  const setStyles = (styles: typeof draft.styles) => onChange({ ...draft, styles });
  return (
    <>
      {selector}
      {draft.styles.map((style, i) => (
        <div key={style.key} className="pair-row">
          <label>
            Propietat ({label}) <input value={style.property} placeholder="color" onChange={(event) => setStyles(draft.styles.map((s, j) => (j === i ? { ...s, property: event.target.value } : s)))} />
          </label>
          <label>
            Valor ({label}) <input value={style.value} placeholder="#c00" onChange={(event) => setStyles(draft.styles.map((s, j) => (j === i ? { ...s, value: event.target.value } : s)))} />
          </label>
          <button type="button" className="button button--quiet" aria-label={`Treu la propietat ${i + 1} (${label})`} onClick={() => setStyles(draft.styles.filter((_, j) => j !== i))}>
            Treu
          </button>
        </div>
      ))}
      <button type="button" className="button button--quiet" onClick={() => setStyles([...draft.styles, newStyleEntry()])}>
        Afegeix una propietat
      </button>
    </>
  );
}

/** An experience's offer, built from actions without code; no action shows the page as it is. */
export function OfferActionsEditor({ owner, actions, onChange }: OfferActionsEditorProps) {
  const addId = useId();
  return (
    <div className="offer-actions">
      {actions.length === 0 && <p className="admin-note">Sense canvis: aquesta experiència mostra la pàgina tal com és.</p>}
      <ol className="offer-actions__list">
        {actions.map((action, i) => {
          const label = `${owner}, canvi ${i + 1}`;
          return (
            <li key={action.key} className="offer-actions__item">
              <p className="offer-actions__kind">{action.kind === 'kept' ? keptActionTitle(action.action) : ACTION_KIND_LABELS[action.kind]}</p>
              <ActionFields draft={action} label={label} onChange={(next) => onChange(actions.map((a, j) => (j === i ? next : a)))} />
              <button type="button" className="button button--quiet" aria-label={`Treu el canvi ${i + 1} de ${owner}`} onClick={() => onChange(actions.filter((_, j) => j !== i))}>
                Treu el canvi
              </button>
            </li>
          );
        })}
      </ol>
      <label htmlFor={addId}>Afegeix un canvi a {owner}: </label>
      <select
        id={addId}
        value=""
        onChange={(event) => {
          if (event.target.value !== '') onChange([...actions, newActionDraft(event.target.value as ActionKind)]);
        }}
      >
        <option value="">Trieu…</option>
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {ACTION_KIND_LABELS[kind]}
          </option>
        ))}
      </select>
    </div>
  );
}
