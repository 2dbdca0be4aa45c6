import { describe, expect, it } from 'vitest';
import { parseFunnelDefinition, parseGoalDefinition, parseSegmentDefinition } from '../src/index.js';

const page = { type: 'page', name: 'Portada', url: 'https://www.mesura.cat/', match: 'exact' };
const funnel = (media: object) => ({ id: 'f', name: 'Embut', scope: 'visit', steps: [page, { type: 'media', name: 'Vídeo', ...media }] });
const segment = (condition: object) => ({ id: 's', name: 'Segment', match: 'all', groups: [{ match: 'all', conditions: [condition] }] });

describe('the moment and stream of a media goal, step or condition', () => {
  it('keeps a completion and a stream on each, and leaves a definition without them as it was (a start, either stream)', () => {
    const media = { moment: 'complete', stream: 'on-demand', programme: 'prog-1' };
    expect(parseGoalDefinition({ id: 'g', name: 'Sencer', type: 'media', ...media })).toEqual({ ok: true, value: { id: 'g', name: 'Sencer', type: 'media', ...media } });
    expect(parseFunnelDefinition(funnel({ moment: 'start', stream: 'live' }))).toMatchObject({ ok: true, value: { steps: [page, { type: 'media', name: 'Vídeo', moment: 'start', stream: 'live' }] } });
    expect(parseSegmentDefinition(segment({ type: 'media', moment: 'complete' }))).toMatchObject({ ok: true, value: { groups: [{ conditions: [{ type: 'media', moment: 'complete' }] }] } });
    expect(parseGoalDefinition({ id: 'g', name: 'Inici', type: 'media', channel: 'tv3' })).toEqual({ ok: true, value: { id: 'g', name: 'Inici', type: 'media', channel: 'tv3' } });
  });

  it.each([
    ['an unknown moment on a goal', parseGoalDefinition({ id: 'g', name: 'G', type: 'media', moment: 'middle' }), 'moment must be one of start, complete'],
    ['an unknown stream on a goal', parseGoalDefinition({ id: 'g', name: 'G', type: 'media', stream: 'vod' }), 'stream must be one of live, on-demand'],
    ['a stream on a call goal', parseGoalDefinition({ id: 'g', name: 'G', type: 'call', call: '15', stream: 'live' }), 'stream is not a field of a call goal'],
    ['an unknown moment on a step', parseFunnelDefinition(funnel({ moment: 'COMPLETE' })), 'step 2: moment must be one of start, complete'],
    ['a moment on a page step', parseFunnelDefinition({ ...funnel({}), steps: [{ ...page, moment: 'complete' }, page] }), 'step 1: moment is not a field of a page step'],
    ['a stream that is no text on a condition', parseSegmentDefinition(segment({ type: 'media', stream: 1 })), 'group 1, condition 1: stream must be one of live, on-demand'],
    ['a moment on a goal condition', parseSegmentDefinition(segment({ type: 'goal', goal: 'g', moment: 'complete' })), 'group 1, condition 1: moment is not a field of a goal condition'],
  ])('refuses %s in one line', (_, result, reason) => {
    expect(result).toEqual({ ok: false, reason });
  });
});
