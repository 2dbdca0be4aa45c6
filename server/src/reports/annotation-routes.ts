/**
 * The chart notes' API (docs/console.md "Notes"). Every signed-in person reads the notes of a
 * range (the whole team's) and writes their own; a note is changed or deleted by its author or an
 * admin. A refused draft is a one-line 400 and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { ANNOTATIONS_MAX, isAnnotationDay, parseAnnotationDraft, type Annotation } from '@mesura/protocol';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/roles.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { roleAllows } from '../shared/roles.js';
import type { AnnotationStore } from '../store/annotation-store.js';
import { storedAnnotationOf } from './annotation-record.js';

export interface AnnotationRouteDeps {
  annotations: AnnotationStore;
  now: () => number;
}

/** Bytes of a new note's id: 16 hex characters, unguessable enough that ids tell nothing. */
const ANNOTATION_ID_BYTES = 8;
const ANNOTATION_ID = /^[0-9a-f]{16}$/;
/** Longest range a listing covers, in days: a year and a day, as the reports'. */
const ANNOTATION_RANGE_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const emailOf = (principal: Principal | undefined): string => principal?.email ?? 'unknown';
const mayChange = (annotation: Annotation, principal: Principal | undefined) => annotation.author === principal?.email || (principal !== undefined && roleAllows(principal.role, 'admin'));

function checkedRange(query: Record<string, unknown>): { from: string; to: string } {
  const unknown = Object.keys(query).find((key) => key !== 'from' && key !== 'to');
  if (unknown !== undefined) throw new HttpError(ERRORS.badQuery, `unknown parameter '${unknown}'; expected from, to`);
  const { from, to } = query;
  if (!isAnnotationDay(from) || !isAnnotationDay(to)) throw new HttpError(ERRORS.badQuery, 'from and to must be dates written YYYY-MM-DD');
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1 || days > ANNOTATION_RANGE_MAX_DAYS) throw new HttpError(ERRORS.badQuery, `from must not be after to, and a range covers at most ${ANNOTATION_RANGE_MAX_DAYS} days`);
  return { from, to };
}

async function allAnnotations(store: AnnotationStore): Promise<Annotation[]> {
  return (await store.annotations()).flatMap((stored) => {
    const annotation = storedAnnotationOf(stored);
    return annotation === undefined ? [] : [annotation];
  });
}

function checkedDraft(body: unknown) {
  const parsed = parseAnnotationDraft(body);
  if (!parsed.ok) throw new HttpError(ERRORS.badAnnotation, parsed.reason);
  return parsed.value;
}

async function knownAnnotation(store: AnnotationStore, id: string): Promise<Annotation> {
  const annotation = ANNOTATION_ID.test(id) ? storedAnnotationOf(await store.annotation(id)) : undefined;
  if (annotation === undefined) throw new HttpError(ERRORS.notFound, `no note ${id}; it may have been deleted`);
  return annotation;
}

/** Day, then time (a whole-day note first), then when it was written. */
const byMoment = (a: Annotation, b: Annotation) => a.day.localeCompare(b.day) || (a.time ?? '').localeCompare(b.time ?? '') || a.updatedAt.localeCompare(b.updatedAt);

export async function annotationRoutes(app: FastifyInstance, deps: AnnotationRouteDeps): Promise<void> {
  const { annotations: store, now } = deps;
  const analyst = { config: { access: 'analyst' as const } };
  app.get('/api/annotations', analyst, async (request) => {
    const { from, to } = checkedRange(request.query as Record<string, unknown>);
    const within = (await allAnnotations(store)).filter((a) => a.day >= from && a.day <= to);
    return { annotations: within.sort(byMoment) };
  });
  app.post('/api/annotations', analyst, async (request, reply) => {
    const draft = checkedDraft(request.body);
    if ((await store.annotations()).length >= ANNOTATIONS_MAX) throw new HttpError(ERRORS.badAnnotation, `a site keeps at most ${ANNOTATIONS_MAX} notes; delete old ones first`);
    const stored: Annotation = { ...draft, id: randomBytes(ANNOTATION_ID_BYTES).toString('hex'), author: emailOf(request.principal), updatedAt: new Date(now()).toISOString() };
    await store.saveAnnotation(stored, { atMs: now(), by: stored.author });
    return reply.code(201).send(stored);
  });
  app.put<{ Params: { id: string } }>('/api/annotations/:id', analyst, async (request) => {
    const known = await knownAnnotation(store, request.params.id);
    const draft = checkedDraft(request.body);
    if (!mayChange(known, request.principal)) throw new HttpError(ERRORS.forbidden, `this note is ${known.author}'s; only its author or an admin may change it`);
    // The author stays who wrote it, whoever corrects it.
    const stored: Annotation = { ...draft, id: known.id, author: known.author, updatedAt: new Date(now()).toISOString() };
    await store.saveAnnotation(stored, { atMs: now(), by: emailOf(request.principal) });
    return stored;
  });
  app.delete<{ Params: { id: string } }>('/api/annotations/:id', analyst, async (request, reply) => {
    const known = await knownAnnotation(store, request.params.id);
    if (!mayChange(known, request.principal)) throw new HttpError(ERRORS.forbidden, `this note is ${known.author}'s; only its author or an admin may delete it`);
    await store.deleteAnnotation(known.id, { atMs: now(), by: emailOf(request.principal) });
    return reply.code(204).send();
  });
}
