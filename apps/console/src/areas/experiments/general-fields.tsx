import type { RefObject } from 'react';
import { GLOBAL_MBOX } from '@mesura/protocol';
import { slugOf, type ActivityDraft, type DraftField } from './activity-draft';
import { WHOLE_PAGE_LOCATION } from './experiment-labels';

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

/** Name, id (a slug of the name until typed), type, the page it applies to and, among the advanced options, its locations (the API's mboxes). */
export function GeneralFields({ draft, onChange, saved, problemField, problemId, refs, advancedRef }: GeneralFieldsProps) {
  const invalid = (field: DraftField) => problemField === field;
  const describedBy = (field: DraftField) => (invalid(field) ? problemId : undefined);
  const listed = draft.mboxes
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  const wholePage = listed.includes(GLOBAL_MBOX);
  const others = wholePage ? listed.filter((m) => m !== GLOBAL_MBOX).join(', ') : draft.mboxes;
  // The API's names are kept in the draft; the editor sees the whole page as a box to tick.
  const setLocations = (whole: boolean, rest: string) => onChange({ ...draft, mboxes: [...(whole ? [GLOBAL_MBOX] : []), ...(rest.trim() === '' ? [] : [rest])].join(', ') });
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
        <fieldset className="experiment-subfieldset">
          <legend>Ubicacions</legend>
          <label>
            <input type="checkbox" checked={wholePage} onChange={(event) => setLocations(event.target.checked, others)} /> {WHOLE_PAGE_LOCATION} (totes les pàgines la demanen en carregar-se)
          </label>
          <div className="form-field">
            <label htmlFor="activity-mboxes">Altres ubicacions (separades per comes)</label>
            <input
              id="activity-mboxes"
              ref={refs.mboxes}
              value={others}
              onChange={(event) => setLocations(wholePage, event.target.value)}
              aria-invalid={invalid('mboxes')}
              aria-describedby={describedBy('mboxes') === undefined ? 'activity-mboxes-hint' : `activity-mboxes-hint ${problemId}`}
            />
            <p id="activity-mboxes-hint" className="admin-note">
              Només si una pàgina demana una ubicació amb nom propi (una zona concreta).
            </p>
          </div>
        </fieldset>
      </details>
    </fieldset>
  );
}
