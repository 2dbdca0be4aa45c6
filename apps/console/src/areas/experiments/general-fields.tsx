import type { RefObject } from 'react';
import { GLOBAL_MBOX } from '@mesura/protocol';
import { slugOf, type ActivityDraft, type DraftField } from './activity-draft';

interface GeneralFieldsProps {
  draft: ActivityDraft;
  onChange: (next: ActivityDraft) => void;
  /** The activity is stored already: its id no longer changes. */
  saved: boolean;
  /** The field the form's problem is about, marked invalid and described by the problem. */
  problemField: DraftField | undefined;
  problemId: string;
  refs: Record<'name' | 'id' | 'pathPrefix' | 'mboxes', RefObject<HTMLInputElement | null>>;
  /** The advanced options, opened when a problem is in them. */
  advancedRef: RefObject<HTMLDetailsElement | null>;
}

/** Name, id (a slug of the name until typed), type, the page it applies to and, among the advanced options, its mboxes. */
export function GeneralFields({ draft, onChange, saved, problemField, problemId, refs, advancedRef }: GeneralFieldsProps) {
  const invalid = (field: DraftField) => problemField === field;
  const describedBy = (field: DraftField) => (invalid(field) ? problemId : undefined);
  const setName = (name: string) => onChange({ ...draft, name, ...(draft.idEdited ? {} : { id: slugOf(name) }) });
  return (
    <fieldset className="form-card experiment-fieldset">
      <legend>Experiment</legend>
      <div className="form-field">
        <label htmlFor="activity-name">Nom</label>
        <input id="activity-name" ref={refs.name} value={draft.name} onChange={(event) => setName(event.target.value)} aria-invalid={invalid('name')} aria-describedby={describedBy('name')} />
      </div>
      <div className="form-field">
        <label htmlFor="activity-id">Identificador</label>
        <input
          id="activity-id"
          ref={refs.id}
          value={draft.id}
          readOnly={saved}
          onChange={(event) => onChange({ ...draft, id: event.target.value, idEdited: true })}
          aria-invalid={invalid('id')}
          aria-describedby={describedBy('id') === undefined ? 'activity-id-hint' : `activity-id-hint ${problemId}`}
        />
        <p id="activity-id-hint" className="admin-note">
          {!saved ? "Es fa a partir del nom; d'1 a 64 lletres sense accents, xifres, _ o -." : "L'identificador d'un experiment desat no canvia."}
        </p>
      </div>
      <div className="choice-row" role="radiogroup" aria-label="Tipus">
        <label>
          <input type="radio" name="activity-type" checked={draft.type === 'ab'} onChange={() => onChange({ ...draft, type: 'ab' })} /> Prova A/B (quotes de visitants)
        </label>
        <label>
          <input type="radio" name="activity-type" checked={draft.type === 'xt'} onChange={() => onChange({ ...draft, type: 'xt' })} /> Segmentació (per audiència)
        </label>
      </div>
      <div className="form-field">
        <label htmlFor="activity-page">Pàgina (començament del camí)</label>
        <input
          id="activity-page"
          ref={refs.pathPrefix}
          value={draft.pathPrefix}
          placeholder="/noticia/1001/"
          onChange={(event) => onChange({ ...draft, pathPrefix: event.target.value })}
          aria-invalid={invalid('pathPrefix')}
          aria-describedby={describedBy('pathPrefix') === undefined ? 'activity-page-hint' : `activity-page-hint ${problemId}`}
        />
        <p id="activity-page-hint" className="admin-note">
          Les pàgines el camí de les quals comença així; buit, totes.
        </p>
      </div>
      <details ref={advancedRef}>
        <summary>Opcions avançades</summary>
        <div className="form-field">
          <label htmlFor="activity-mboxes">Mboxes (separades per comes)</label>
          <input
            id="activity-mboxes"
            ref={refs.mboxes}
            value={draft.mboxes}
            onChange={(event) => onChange({ ...draft, mboxes: event.target.value })}
            aria-invalid={invalid('mboxes')}
            aria-describedby={describedBy('mboxes')}
          />
          <p className="admin-note">Totes les pàgines del web demanen {GLOBAL_MBOX}; altres noms només si la pàgina en demana.</p>
        </div>
      </details>
    </fieldset>
  );
}
