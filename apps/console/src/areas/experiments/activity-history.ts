/**
 * The changes of an activity (GET /api/activities/:id/history, newest first) and what each one
 * changed, in Catalan: the definition fields whose values differ between before and after.
 */
import { ACTIVITY_STATUSES, type ActivityStatus } from '@mesura/protocol';
import { isRecord } from '../../api/api-answer';
import { STATUS_LABELS } from './experiment-labels';

export interface ActivityChange {
  /** ISO 8601. */
  at: string;
  /** The e-mail of who made it; `system` for the seeds of a first start. */
  by: string;
  /** Null when the change created the activity. */
  before: unknown;
  after: unknown;
}

/** The fields of a definition in the order a summary names them, with their Catalan names. */
const FIELD_LABELS: Record<string, string> = {
  name: 'nom',
  type: 'tipus',
  status: 'estat',
  mboxes: 'ubicacions',
  audience: 'audiència',
  experiences: 'experiències',
  goal: 'objectiu',
  priority: 'prioritat',
  reshuffle: 'redistribució dels visitants',
  trusted: 'confiança',
};

/** What the server writes as `by` for the changes nobody signed in made. */
const SYSTEM_ACTOR = 'system';

export function parseActivityHistory(body: unknown): ActivityChange[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.changes)) return undefined;
  const valid = body.changes.every((c) => isRecord(c) && typeof c.at === 'string' && typeof c.by === 'string' && 'after' in c);
  return valid ? (body.changes as ActivityChange[]) : undefined;
}

export function actorLabel(by: string): string {
  return by === SYSTEM_ACTOR ? 'sistema' : by;
}

/** Deep equality of two JSON values, whatever the order of their objects' keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return a === b;
}

const statusLabel = (value: unknown) => (ACTIVITY_STATUSES.includes(value as ActivityStatus) ? STATUS_LABELS[value as ActivityStatus] : String(value));

/** "creació", or the fields that differ ("estat: Esborrany → Actiu; experiències"); "cap canvi" when none does. */
export function changeSummary(change: ActivityChange): string {
  if (change.before === null || change.before === undefined) return 'creació';
  const before = isRecord(change.before) ? change.before : {};
  const after = isRecord(change.after) ? change.after : {};
  const keys = [...new Set([...Object.keys(FIELD_LABELS), ...Object.keys(before), ...Object.keys(after)])];
  const parts = keys
    .filter((key) => key !== 'id' && !key.startsWith('trustedB') && key !== 'trustedAt')
    .filter((key) => !sameJson(before[key], after[key]))
    .map((key) => {
      const label = FIELD_LABELS[key] ?? key;
      if (key === 'status') return `${label}: ${statusLabel(before[key])} → ${statusLabel(after[key])}`;
      if (key === 'name') return `${label}: «${String(before[key])}» → «${String(after[key])}»`;
      if (key === 'trusted') return after[key] === true ? 'marcat com a de confiança' : 'ja no és de confiança';
      return label;
    });
  return parts.length === 0 ? 'cap canvi' : parts.join('; ');
}
