import type { Activity } from '@mesura/protocol';

/**
 * An active A/B test answering the mbox named like its id, with a click goal: a test names only
 * what it is about (experiences, audience, trust…) in `fields`.
 */
export function testActivity(fields: Partial<Activity> & Pick<Activity, 'experiences'>): Activity {
  const id = fields.id ?? 'prova';
  return {
    id,
    name: 'Prova',
    type: 'ab',
    status: 'active',
    mboxes: [id],
    priority: 0,
    reshuffle: 0,
    goal: { type: 'click', selector: '.cta' },
    ...fields,
  };
}
