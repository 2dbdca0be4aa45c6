/**
 * The activity model: what an editor defines and the decision engine runs. Stored as one JSON
 * definition per activity (store/duckdb-decisions.ts) so that DuckDB and ClickHouse keep it alike;
 * `parseActivity` is the one gate every definition passes, from the seed, the store or the API.
 */
import type { DeliveryAction } from '@mesura/protocol';
import type { DeviceClass } from '../ingest/steps/user-agent.js';

/** Every condition present must hold; an empty audience matches everyone. */
export interface Audience {
  /** The request URL's path (`mboxURL`) starts with `prefix` / matches `regex`. */
  path?: { prefix?: string; regex?: string };
  /** Query parameters of `mboxURL`: name → value; `*` means present with any value. */
  query?: Record<string, string>;
  /** Device classes of the request's user agent. */
  device?: DeviceClass[];
  /** Logged in: a customer id with authState 1 (authenticated), or the mbox param `loggedIn=true`. */
  loggedIn?: boolean;
  /** Mbox parameters (the data layer values the page sends): name → value; `*` means present. */
  params?: Record<string, string>;
}

/** What an experience shows. A control without one shows the page's default content. */
export interface Offer {
  id: string;
  name: string;
  actions?: DeliveryAction[];
  html?: string;
  json?: unknown;
}

export interface Experience {
  id: string;
  name: string;
  /** A/B tests: traffic weight (normalised over the activity's experiences). */
  share: number;
  /** Experience targeting: who sees this experience (first match in order wins). */
  audience?: Audience;
  offer?: Offer;
}

/** What counts as a conversion. */
export type Goal =
  | { type: 'click'; selector: string }
  | { type: 'pageView'; path: string }
  | { type: 'event'; event: string };

export interface Activity {
  id: string;
  name: string;
  /** `ab`: experiences by traffic share; `xt`: experience targeting, by audience. */
  type: 'ab' | 'xt';
  status: 'active' | 'paused';
  /** Mbox names it answers; the global mbox also gets it when its audience names a path. */
  mboxes: string[];
  audience?: Audience;
  /** Higher wins when activities overlap on one mbox; ties go to the smaller id. */
  priority: number;
  /** Bumped to reassign every visitor (it is part of the assignment hash). */
  reshuffle: number;
  /** Offers are the administrator's own HTML: the client inserts it whole, scripts included. */
  trusted?: boolean;
  /** The first experience is the control, the baseline of the report. */
  experiences: Experience[];
  goal: Goal;
}

/** Ids travel in click tokens and URLs: kept to a safe alphabet. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export type ParseResult = { ok: true; value: Activity } | { ok: false; reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a definition; the reason names the first problem in one line. */
export function parseActivity(input: unknown): ParseResult {
  const fail = (reason: string): ParseResult => ({ ok: false, reason });
  if (!isRecord(input)) return fail('activity is not a JSON object');
  const a = input as Partial<Activity>;
  if (typeof a.id !== 'string' || !ID.test(a.id)) return fail('activity id must be 1–64 letters, digits, _ or -');
  if (typeof a.name !== 'string' || a.name === '') return fail(`activity ${a.id}: name required`);
  if (a.type !== 'ab' && a.type !== 'xt') return fail(`activity ${a.id}: type must be ab or xt`);
  if (a.status !== 'active' && a.status !== 'paused') return fail(`activity ${a.id}: status must be active or paused`);
  if (!Array.isArray(a.mboxes) || !a.mboxes.every((m) => typeof m === 'string' && m !== '')) return fail(`activity ${a.id}: mboxes must be a list of names`);
  if (!Number.isFinite(a.priority)) return fail(`activity ${a.id}: priority must be a number`);
  if (!Number.isInteger(a.reshuffle) || a.reshuffle! < 0) return fail(`activity ${a.id}: reshuffle must be a whole number ≥ 0`);
  const problem = audienceProblem(a.audience) ?? experiencesProblem(a as Activity) ?? goalProblem(a.goal);
  return problem ? fail(`activity ${a.id}: ${problem}`) : { ok: true, value: a as Activity };
}

function experiencesProblem(a: Activity): string | undefined {
  if (!Array.isArray(a.experiences) || a.experiences.length === 0) return 'at least one experience required';
  const ids = new Set<string>();
  for (const e of a.experiences) {
    if (!isRecord(e) || typeof e.id !== 'string' || !ID.test(e.id)) return 'experience id must be 1–64 letters, digits, _ or -';
    if (ids.has(e.id)) return `experience ${e.id} twice`;
    ids.add(e.id);
    if (typeof e.name !== 'string') return `experience ${e.id}: name required`;
    if (!(Number.isFinite(e.share) && e.share >= 0)) return `experience ${e.id}: share must be a number ≥ 0`;
    const offer = e.offer;
    if (offer !== undefined && !(isRecord(offer) && typeof offer.id === 'string' && typeof offer.name === 'string')) {
      return `experience ${e.id}: offer needs id and name`;
    }
    const audience = audienceProblem(e.audience);
    if (audience) return `experience ${e.id}: ${audience}`;
  }
  if (a.type === 'ab' && !a.experiences.some((e) => e.share > 0)) return 'an A/B test needs a share above 0';
  return undefined;
}

function audienceProblem(audience: unknown): string | undefined {
  if (audience === undefined) return undefined;
  if (!isRecord(audience)) return 'audience must be an object';
  const path = audience.path;
  if (path !== undefined) {
    if (!isRecord(path)) return 'audience path must be {prefix?, regex?}';
    if (typeof path.regex === 'string') {
      try {
        new RegExp(path.regex);
      } catch {
        return `audience path regex ${path.regex} does not compile`;
      }
    }
  }
  return undefined;
}

function goalProblem(goal: unknown): string | undefined {
  if (!isRecord(goal)) return 'goal required';
  if (goal.type === 'click' && typeof goal.selector === 'string' && goal.selector !== '') return undefined;
  if (goal.type === 'pageView' && typeof goal.path === 'string' && goal.path.startsWith('/')) return undefined;
  if (goal.type === 'event' && typeof goal.event === 'string' && goal.event !== '') return undefined;
  return 'goal must be {type: click, selector}, {type: pageView, path} or {type: event, event}';
}
