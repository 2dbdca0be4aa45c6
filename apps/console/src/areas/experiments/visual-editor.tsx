import { useId, useRef, useState } from 'react';
import type { ActivityDraft } from './activity-draft';
import { applyActionLive, withSafeInlineStyles } from './live-preview';
import { MovePlaceField, useMoveChoice } from './move-place-picker';
import { deliveryActionOf } from './offer-action-draft';
import { PreviewPagePicker } from './preview-page-picker';
import { editorFrameAddress } from './site-pages';
import { SiteGoalPicker } from './site-goal-picker';
import { stableSelector } from './stable-selector';
import { actionForEdit, MOVES_TO_A_CHOSEN_PLACE, VISUAL_EDIT_VALUE_LABELS, VISUAL_EDITS, type TargetedElement, type VisualEditKind } from './visual-edit';

interface VisualEditorProps {
  draft: ActivityDraft;
  onChange: (next: ActivityDraft) => void;
}

type Purify = (html: string) => DocumentFragment;

/** The mark on the element the editor clicked, drawn in the framed page. */
const TARGET_OUTLINE = '3px solid #c2185b';
const KINDS = Object.keys(VISUAL_EDITS) as VisualEditKind[];

function targetOf(element: Element): TargetedElement {
  const parent = element.parentElement;
  const siblings = parent ? Array.from(parent.children) : [element];
  return { selector: stableSelector(element), parentSelector: parent && parent.tagName !== 'BODY' ? stableSelector(parent) : undefined, index: siblings.indexOf(element), siblings: siblings.length };
}

/**
 * The site's real page inside the console: a click on an element targets it (its stable selector
 * shown), a plain change adds the same action the form stores to the chosen experience and shows
 * it in the page at once («Mou» takes a second click, anywhere in the page, on the destination:
 * move-place-picker.tsx); a click, the page or one of the site's goals can become the goal. The
 * page is the site's, on the console's own origin (the site's CSP frame-ancestors 'self' lets the
 * console frame it), opened as a preview (editorFrameAddress): the editor's clicks are not audience.
 */
export function VisualEditor({ draft, onChange }: VisualEditorProps) {
  const id = useId();
  const [experience, setExperience] = useState(Math.min(1, draft.experiences.length - 1));
  const [path, setPath] = useState<string | undefined>(undefined);
  const [target, setTarget] = useState<TargetedElement | undefined>(undefined);
  const [kind, setKind] = useState<VisualEditKind>('text');
  const [value, setValue] = useState('');
  const [note, setNote] = useState<string | undefined>(undefined);
  const [loads, setLoads] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);
  const purify = useRef<Purify | undefined>(undefined);
  const marked = useRef<HTMLElement | undefined>(undefined);
  const latest = useRef(draft);
  latest.current = draft;
  const move = useMoveChoice();
  const shown = draft.experiences[experience];

  async function onFrameLoad() {
    const win = frame.current?.contentWindow;
    const doc = frame.current?.contentDocument;
    if (!win || !doc) return;
    const { default: createPurify } = await import('dompurify');
    const instance = createPurify(win as unknown as Window & typeof globalThis);
    purify.current = (html) => withSafeInlineStyles(instance.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORCE_BODY: true }));
    for (const action of latest.current.experiences[experience]?.actions ?? []) applyActionLive(doc, deliveryActionOf(action), purify.current);
    doc.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        event.stopPropagation();
        const element = event.target as HTMLElement;
        if (move.takesClick() && marked.current) return setNote(move.choose(marked.current, element));
        move.clear();
        if (marked.current) marked.current.style.outline = '';
        element.style.outline = TARGET_OUTLINE;
        marked.current = element;
        setTarget(targetOf(element));
        setNote(undefined);
      },
      true,
    );
  }

  // A new page or another experience: the page is loaded afresh with that experience's changes, nothing targeted.
  const reloaded =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setTarget(undefined);
      move.clear();
      set(value);
    };

  // «Mou»: the next click in the page, anywhere, chooses where the element goes.
  function chooseKind(next: VisualEditKind) {
    setKind(next);
    if (MOVES_TO_A_CHOSEN_PLACE.includes(next)) move.start();
    else move.clear();
  }

  function apply() {
    if (!target || !shown) return;
    const made = actionForEdit(kind, target, value, { destination: move.destination, place: move.place });
    if (typeof made === 'string') return setNote(made);
    onChange({ ...draft, experiences: draft.experiences.map((e, i) => (i === experience ? { ...e, actions: [...e.actions, made] } : e)) });
    const doc = frame.current?.contentDocument;
    const shownLive = doc && purify.current ? applyActionLive(doc, deliveryActionOf(made), purify.current) : false;
    setNote(kind === 'redirect' ? `Afegit a ${shown.name}: els visitants aniran a ${value.trim()}.` : `Afegit a ${shown.name}${shownLive ? '' : " (no s'ha pogut mostrar a la pàgina)"}.`);
    setValue('');
    // A move changes the element's place: the next change starts from the new one.
    move.clear();
    if (marked.current?.isConnected) setTarget(targetOf(marked.current));
  }

  const valueLabel = VISUAL_EDIT_VALUE_LABELS[kind];
  return (
    <fieldset className="experiment-fieldset visual-editor">
      <legend>Editor visual</legend>
      <p className="admin-note">Feu clic en un element de la pàgina per triar-lo; els canvis es veuen a la pàgina a l'instant i s'afegeixen a l'experiència.</p>
      <div className="visual-editor__controls">
        <div className="form-field">
          <label htmlFor={`${id}-experience`}>Experiència que es modifica</label>
          <select id={`${id}-experience`} value={experience} onChange={(event) => reloaded(setExperience)(Number(event.target.value))}>
            {draft.experiences.map((e, i) => (
              <option key={e.key} value={i}>
                {e.name}
              </option>
            ))}
          </select>
        </div>
        <PreviewPagePicker prefix={draft.pathPrefix.trim() || undefined} path={path} onChange={reloaded(setPath)} label="Pàgina que s'edita" />
        <button type="button" className="button button--quiet" onClick={() => reloaded(setLoads)(loads + 1)}>
          Torna a carregar la pàgina
        </button>
      </div>
      <div className="visual-editor__body">
        {path !== undefined && (
          <iframe
            key={`${path} ${experience} ${loads}`}
            ref={frame}
            className="visual-editor__frame"
            title="Pàgina del web que s'edita"
            src={editorFrameAddress(path)}
            onLoad={() => void onFrameLoad()}
          />
        )}
        <div className="visual-editor__panel" aria-live="polite">
          {target === undefined ? (
            <p className="admin-note">Cap element triat.</p>
          ) : (
            <>
              <p>
                Element triat: <code className="visual-editor__selector">{target.selector}</code>
              </p>
              <div className="form-field">
                <label htmlFor={`${id}-kind`}>Canvi</label>
                <select id={`${id}-kind`} value={kind} onChange={(event) => chooseKind(event.target.value as VisualEditKind)}>
                  {KINDS.map((k) => (
                    <option key={k} value={k}>
                      {VISUAL_EDITS[k]}
                    </option>
                  ))}
                </select>
              </div>
              {MOVES_TO_A_CHOSEN_PLACE.includes(kind) && <MovePlaceField move={move} />}
              {valueLabel !== undefined && (
                <div className="form-field">
                  <label htmlFor={`${id}-value`}>{valueLabel}</label>
                  <input id={`${id}-value`} value={value} onChange={(event) => setValue(event.target.value)} />
                </div>
              )}
              <button type="button" className="button" onClick={apply}>
                Aplica el canvi
              </button>{' '}
              <button type="button" className="button button--quiet" onClick={() => onChange({ ...draft, goal: { type: 'click', value: target.selector } })}>
                Objectiu: clic en aquest element
              </button>
            </>
          )}
          {path !== undefined && (
            <button type="button" className="button button--quiet" onClick={() => onChange({ ...draft, goal: { type: 'pageView', value: path } })}>
              Objectiu: visita d'aquesta pàgina
            </button>
          )}
          <SiteGoalPicker chosen={draft.goal.type === 'siteGoal' ? draft.goal.value : undefined} onChoose={(goalId) => onChange({ ...draft, goal: { type: 'siteGoal', value: goalId } })} />
          {note !== undefined && <p className="admin-note">{note}</p>}
        </div>
      </div>
    </fieldset>
  );
}
