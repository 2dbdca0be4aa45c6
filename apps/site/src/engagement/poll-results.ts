/** The percentages shown after answering a poll (its answer: @mesura/protocol's PollResults). */
import type { PollResults } from '@mesura/protocol';

/** Whole percentages per option; 0 for all when nobody answered. */
export function pollPercentages(results: Pick<PollResults, 'options' | 'total'>): number[] {
  return results.options.map((o) => (results.total === 0 ? 0 : Math.round((o.votes * 100) / results.total)));
}

export const pollPath = (pollId: string) => `/api/engagement/polls/${encodeURIComponent(pollId)}`;

/** The poll form's hidden field, read by the server when it is posted without JavaScript. */
export const POLL_FORM_NAME = 'enquesta';
/** The hidden field naming the poll (server/src/engagement/poll-form-posts.ts). */
export const POLL_ID_FIELD = 'enquesta-id';
/** The poll's element: the landing of a post without JavaScript scrolls to it. */
export const POLL_ANCHOR = 'enquesta';

export const POLL_MESSAGES = {
  thanks: 'Gràcies per participar!',
  already: 'Ja havíeu respost aquesta enquesta des d’aquest navegador.',
  tooMany: 'Heu enviat massa respostes seguides. Torneu-ho a provar d’aquí a una estona.',
  failed: 'No hem pogut desar la resposta. Torneu-ho a provar.',
} as const;

/** What a poll posted without JavaScript came to (?formulari=enquesta&resultat=…&motiu=…): its message, and whether the results replace the form. */
export interface PostedPoll {
  message: string;
  showResults: boolean;
}

export function postedPoll(params: URLSearchParams): PostedPoll | undefined {
  if (params.get('formulari') !== POLL_FORM_NAME) return undefined;
  if (params.get('resultat') === 'ok') return { message: POLL_MESSAGES.thanks, showResults: true };
  const reason = params.get('motiu');
  if (reason === '409') return { message: POLL_MESSAGES.already, showResults: true };
  return { message: reason === '429' ? POLL_MESSAGES.tooMany : POLL_MESSAGES.failed, showResults: false };
}
