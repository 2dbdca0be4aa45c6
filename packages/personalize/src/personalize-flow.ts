/**
 * One location personalised end to end (spec §4): hide, request, render, show.
 * What the global request runs at start and what the rules runtime's `personalize` action calls.
 *
 * 1. Invalid input: nothing happens but a warning.
 * 2. Held (no consent, delivery disabled): default content at once, the hiding style removed.
 * 3. Hidden (body or configured selectors) for BODY_HIDDEN_TIMEOUT_MS at most.
 * 4. Request failed: shown at once, request-failed emitted (fetch-offer.ts).
 * 5. Rendered, no offers or rendering failed: shown once the actions are done.
 * 6. Redirected: left hidden; the page is going away, and the hold's timeout still ends it.
 */
import type { Core } from './core.js';
import type { HeldReason } from './delivery-gate.js';
import { fetchOffer } from './fetch-offer.js';
import { renderOffer, type RenderOutcome } from './render-offer.js';
import { mboxCallProblem } from './validation.js';

export interface PersonalizeInput {
  mbox: string;
  /** mbox parameters (the rules runtime's resolved `parameters`). */
  parameters?: Record<string, string>;
  /** Where offers without a selector go. */
  selector?: string;
}

/** How a personalize call ended: a rendering outcome, or why it never rendered. */
export type PersonalizeOutcome = RenderOutcome | { outcome: 'request-failed'; message: string } | { outcome: 'held'; reason: HeldReason; message: string } | { outcome: 'invalid'; message: string };

export async function personalizeFlow(core: Core, input: PersonalizeInput): Promise<PersonalizeOutcome> {
  const problem = mboxCallProblem(input);
  if (problem) {
    core.deps.warn(problem);
    return { outcome: 'invalid', message: problem };
  }
  const release = core.held() === undefined && core.options.bodyHiding ? core.hiding.hold() : undefined;
  core.releasePrehide();
  const fetched = await fetchOffer(core, { mbox: input.mbox, params: { ...input.parameters }, timeoutMs: core.options.timeoutMs });
  if (!fetched.ok) {
    if (fetched.held) {
      core.hiding.show();
      return { outcome: 'held', reason: fetched.held, message: fetched.message };
    }
    release?.();
    return { outcome: 'request-failed', message: fetched.message };
  }
  const rendered = await renderOffer(core, { mbox: input.mbox, selector: input.selector, offer: fetched.actions });
  if (rendered.outcome !== 'redirected') release?.();
  return rendered;
}
