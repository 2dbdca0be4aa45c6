/**
 * Polls: GET /api/engagement/polls/:id (question, options with their answer counts, and this
 * browser's own answer) and POST /api/engagement/polls/:id/answers {optionId} (one answer per
 * browser, told apart by the participant cookie; a second one is refused with 409).
 */
import type { PollResults } from '@mesura/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { EngagementStore } from '../store/engagement-store.js';
import { newParticipantId, participantCookies, participantIdFrom } from './participant-cookie.js';
import type { AddressLimiter } from './request-guards.js';
import { SEEDED_POLLS, type PollDefinition } from './seeded-polls.js';

export interface PollRouteDeps {
  store: EngagementStore;
  guardChange: (request: FastifyRequest) => void;
  limit: AddressLimiter;
  now: () => number;
  polls?: readonly PollDefinition[];
}

function pollOf(polls: readonly PollDefinition[], request: FastifyRequest): PollDefinition {
  const { id } = request.params as { id: string };
  const poll = polls.find((p) => p.id === id);
  if (!poll) throw new HttpError(ERRORS.notFound, 'no poll has that id');
  return poll;
}

async function results(store: EngagementStore, poll: PollDefinition, participantId: string | undefined): Promise<PollResults> {
  const counts = await store.pollCounts(poll.id);
  const options = poll.options.map((o) => ({ ...o, votes: counts[o.id] ?? 0 }));
  const answered = participantId === undefined ? undefined : await store.participantAnswer(poll.id, participantId);
  return { id: poll.id, question: poll.question, options, total: options.reduce((sum, o) => sum + o.votes, 0), ...(answered && { answered }) };
}

export async function pollRoutes(app: FastifyInstance, deps: PollRouteDeps): Promise<void> {
  const polls = deps.polls ?? SEEDED_POLLS;
  app.get('/api/engagement/polls/:id', { config: { access: 'public' } }, async (request, reply: FastifyReply) => {
    const poll = pollOf(polls, request);
    reply.header('Cache-Control', 'no-store');
    return results(deps.store, poll, participantIdFrom(request.headers.cookie));
  });

  app.post('/api/engagement/polls/:id/answers', { config: { access: 'public' } }, async (request, reply) => {
    deps.guardChange(request);
    deps.limit(request);
    const poll = pollOf(polls, request);
    const optionId = (request.body as { optionId?: unknown } | null)?.optionId;
    if (typeof optionId !== 'string' || !poll.options.some((o) => o.id === optionId)) {
      throw new HttpError(ERRORS.badQuery, `optionId must be one of ${poll.options.map((o) => o.id).join(', ')}`);
    }
    let participantId = participantIdFrom(request.headers.cookie);
    if (participantId === undefined) {
      participantId = newParticipantId();
      reply.header('Set-Cookie', participantCookies(participantId, request.protocol === 'https'));
    }
    const outcome = await deps.store.answerPoll({ pollId: poll.id, participantId, optionId, atMs: deps.now() });
    if (outcome === 'already') throw new HttpError(ERRORS.conflict, 'this browser has already answered this poll');
    if (outcome === 'full') throw new HttpError(ERRORS.storeUnavailable, 'this poll takes no more answers');
    reply.code(201).header('Cache-Control', 'no-store');
    return results(deps.store, poll, participantId);
  });
}
