/**
 * The activity form's state and the definition it makes (PUT /api/activities/:id). An edited
 * activity keeps what the form does not show (priority, reshuffle, a path regex, mbox params,
 * experiences' audiences, offers' HTML and JSON) as it was; a new one is a draft with priority 0
 * and reshuffle 0. Pure, but for the keys of the rows the form lists (form-key.ts).
 */
import { ACTIVITY_ID, GLOBAL_MBOX, MAX_ACTIVITY_ID_CHARS, type Activity, type ActivityDefinition, type Audience, type DeviceClass, type Experience, type Goal } from '@mesura/protocol';
import { formKey } from './form-key';
import { actionDraftOf, actionDraftProblem, deliveryActionOf, type ActionDraft } from './offer-action-draft';

export type LoggedInChoice = 'any' | 'yes' | 'no';

export interface QueryCondition {
  /** The row's key in the form (form-key.ts). */
  key: string;
  name: string;
  value: string;
}

export interface ExperienceDraft {
  /** The row's key in the form (form-key.ts); an added experience has no id until it is saved. */
  key: string;
  /** The stored id; undefined for an experience added in the form (its id comes from its name). */
  id: string | undefined;
  name: string;
  /** A/B share in %, as typed. */
  share: string;
  actions: ActionDraft[];
}

export interface ActivityDraft {
  name: string;
  id: string;
  /** Whether the id was typed; until then it follows the name. */
  idEdited: boolean;
  type: 'ab' | 'xt';
  pathPrefix: string;
  /** Mbox names separated by commas. */
  mboxes: string;
  devices: DeviceClass[];
  loggedIn: LoggedInChoice;
  query: QueryCondition[];
  experiences: ExperienceDraft[];
  goal: { type: Goal['type']; value: string };
}

/** The form's fields a problem can be about, so that focus goes there. */
export type DraftField = 'name' | 'id' | 'pathPrefix' | 'mboxes' | 'experiences' | 'goal';

export type DraftResult = { ok: true; value: ActivityDefinition } | { ok: false; field: DraftField; message: string };

/** A name as an id: lower case, accents dropped, anything else a hyphen ("Títol de la notícia" → "titol-de-la-noticia"). */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_ACTIVITY_ID_CHARS)
    .replace(/-+$/, '');
}

export function newExperienceDraft(index: number): ExperienceDraft {
  return { key: formKey(), id: undefined, name: index === 0 ? 'Control' : `Variant ${String.fromCharCode(65 + index)}`, share: '50', actions: [] };
}

/** A new A/B test: a control showing the page as it is and one variant, half the visitors each. */
export function emptyDraft(): ActivityDraft {
  return {
    name: '',
    id: '',
    idEdited: false,
    type: 'ab',
    pathPrefix: '',
    mboxes: GLOBAL_MBOX,
    devices: [],
    loggedIn: 'any',
    query: [],
    experiences: [newExperienceDraft(0), newExperienceDraft(1)],
    goal: { type: 'click', value: '' },
  };
}

/** The goal's one text in the form: the selector, path or event typed, or the chosen site goal's id. */
function goalValue(goal: Goal): string {
  switch (goal.type) {
    case 'click':
      return goal.selector;
    case 'pageView':
      return goal.path;
    case 'event':
      return goal.event;
    case 'siteGoal':
      return goal.goal;
  }
}

export function draftOf(activity: Activity): ActivityDraft {
  const audience = activity.audience ?? {};
  return {
    name: activity.name,
    id: activity.id,
    idEdited: true,
    type: activity.type,
    pathPrefix: audience.path?.prefix ?? '',
    mboxes: activity.mboxes.join(', '),
    devices: audience.device ?? [],
    loggedIn: audience.loggedIn === undefined ? 'any' : audience.loggedIn ? 'yes' : 'no',
    query: Object.entries(audience.query ?? {}).map(([name, value]) => ({ key: formKey(), name, value })),
    experiences: activity.experiences.map((e) => ({ key: formKey(), id: e.id, name: e.name, share: String(e.share), actions: (e.offer?.actions ?? []).map(actionDraftOf) })),
    goal: { type: activity.goal.type, value: goalValue(activity.goal) },
  };
}

function audienceOf(draft: ActivityDraft, before: Audience | undefined): Audience | undefined {
  const { path: beforePath, query: _query, device: _device, loggedIn: _loggedIn, ...kept } = before ?? {};
  const prefix = draft.pathPrefix.trim();
  const path = { ...(beforePath?.regex === undefined ? {} : { regex: beforePath.regex }), ...(prefix === '' ? {} : { prefix }) };
  const query = draft.query.filter((q) => q.name.trim() !== '');
  const audience: Audience = {
    ...kept,
    ...(Object.keys(path).length === 0 ? {} : { path }),
    ...(query.length === 0 ? {} : { query: Object.fromEntries(query.map((q) => [q.name.trim(), q.value.trim() === '' ? '*' : q.value.trim()])) }),
    ...(draft.devices.length === 0 ? {} : { device: draft.devices }),
    ...(draft.loggedIn === 'any' ? {} : { loggedIn: draft.loggedIn === 'yes' }),
  };
  return Object.keys(audience).length === 0 ? undefined : audience;
}

function goalOf(goal: ActivityDraft['goal']): Goal {
  const value = goal.value.trim();
  switch (goal.type) {
    case 'click':
      return { type: 'click', selector: value };
    case 'pageView':
      return { type: 'pageView', path: value };
    case 'event':
      return { type: 'event', event: value };
    case 'siteGoal':
      return { type: 'siteGoal', goal: value };
  }
}

/** The experiences as stored: ids kept or made from the names (unique), offers kept or made, actions from the form. */
function experiencesOf(draft: ActivityDraft, before: Activity | undefined): Experience[] {
  const taken = new Set(draft.experiences.flatMap((e) => (e.id === undefined ? [] : [e.id])));
  return draft.experiences.map((e, i) => {
    let id = e.id;
    if (id === undefined) {
      const base = slugOf(e.name) || `experiencia-${i + 1}`;
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
    }
    const stored = before?.experiences.find((s) => s.id === e.id);
    const actions = e.actions.map(deliveryActionOf);
    const { actions: _actions, ...storedOffer } = stored?.offer ?? { id, name: e.name.trim() };
    const keepsContent = storedOffer.html !== undefined || storedOffer.json !== undefined;
    const offer = actions.length > 0 ? { ...storedOffer, actions } : keepsContent ? storedOffer : undefined;
    const share = Number(e.share.replace(',', '.'));
    return {
      id,
      name: e.name.trim(),
      // Experience targeting chooses by audience: a share it does not show stays a valid number.
      share: Number.isFinite(share) && share >= 0 ? share : 0,
      ...(stored?.audience === undefined ? {} : { audience: stored.audience }),
      ...(offer === undefined ? {} : { offer }),
    };
  });
}

/** The definition the form makes, or the first thing to fix. */
export function definitionFromDraft(draft: ActivityDraft, before: Activity | undefined): DraftResult {
  const fail = (field: DraftField, message: string): DraftResult => ({ ok: false, field, message });
  if (draft.name.trim() === '') return fail('name', "Escriviu el nom de l'experiment.");
  if (!ACTIVITY_ID.test(draft.id)) return fail('id', `L'identificador ha de tenir d'1 a ${MAX_ACTIVITY_ID_CHARS} lletres sense accents, xifres, _ o -.`);
  const prefix = draft.pathPrefix.trim();
  if (prefix !== '' && !prefix.startsWith('/')) return fail('pathPrefix', 'La pàgina ha de començar per / (per exemple, /noticia/1001/).');
  const mboxes = draft.mboxes
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  if (mboxes.length === 0) return fail('mboxes', 'Trieu almenys una ubicació (normalment, tota la pàgina).');
  if (draft.experiences.length === 0) return fail('experiences', 'Afegiu almenys una experiència.');
  for (const [i, e] of draft.experiences.entries()) {
    if (e.name.trim() === '') return fail('experiences', `Escriviu el nom de l'experiència ${i + 1}.`);
    const share = Number(e.share.replace(',', '.'));
    if (draft.type === 'ab' && !(Number.isFinite(share) && share >= 0 && share <= 100)) return fail('experiences', `La quota de «${e.name}» ha de ser un nombre de 0 a 100.`);
    const problem = e.actions.map(actionDraftProblem).find((p) => p !== undefined);
    if (problem !== undefined) return fail('experiences', `${e.name}: ${problem}`);
  }
  if (draft.goal.type === 'siteGoal' && draft.goal.value === '') return fail('goal', "Trieu l'objectiu del web que compta com a conversió.");
  if (draft.goal.value.trim() === '') return fail('goal', "Escriviu l'objectiu: el selector de l'element, la pàgina o el nom de l'esdeveniment.");
  if (draft.goal.type === 'pageView' && !draft.goal.value.trim().startsWith('/')) return fail('goal', "La pàgina de l'objectiu ha de començar per /.");
  const audience = audienceOf(draft, before?.audience);
  return {
    ok: true,
    value: {
      id: draft.id,
      name: draft.name.trim(),
      type: draft.type,
      status: before?.status ?? 'draft',
      mboxes,
      ...(audience === undefined ? {} : { audience }),
      priority: before?.priority ?? 0,
      reshuffle: before?.reshuffle ?? 0,
      experiences: experiencesOf(draft, before),
      goal: goalOf(draft.goal),
    },
  };
}
