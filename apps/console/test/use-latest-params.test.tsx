// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useLatestParams } from '../src/report-view/use-latest-params';
import { mountedRoot } from '@mesura/test-utils/react';

type Params = Record<string, string>;

/** The hook's two functions, and `draw` standing for the router drawing an address (late or not). */
interface Handle {
  latest: () => Params;
  choose: (next: Params) => void;
  draw: (shown: Params) => void;
}

const root = mountedRoot();

function Probe({ first, handle }: { first: Params; handle: Handle }) {
  const [shown, setShown] = useState(first);
  const [latest, choose] = useLatestParams(shown);
  Object.assign(handle, { latest, choose, draw: (next: Params) => act(() => setShown(next)) });
  return null;
}

async function mountProbe(first: Params): Promise<Handle> {
  const handle = {} as Handle;
  await root.mount(<Probe first={first} handle={handle} />);
  return handle;
}

/** What a control does: one parameter changed over the latest choice. */
function choice(view: Handle, name: string, value: string) {
  const next = { ...view.latest(), [name]: value };
  view.choose(next);
  return next;
}

describe('useLatestParams', () => {
  it('adds a second choice to the first before its address is drawn', async () => {
    const view = await mountProbe({});
    choice(view, 'day', '2026-11-27');
    expect(choice(view, 'channel', 'mesura-tv')).toEqual({ day: '2026-11-27', channel: 'mesura-tv' });
  });

  it('keeps a later choice when an earlier address of the view is drawn after it', async () => {
    const view = await mountProbe({});
    choice(view, 'day', '2026-11-28');
    choice(view, 'day', '2026-11-27');
    // The router commits the first choice's address late, after the second choice was made.
    view.draw({ day: '2026-11-28' });
    expect(choice(view, 'channel', 'mesura-tv')).toEqual({ day: '2026-11-27', channel: 'mesura-tv' });
    view.draw({ day: '2026-11-27' });
    view.draw({ channel: 'mesura-tv', day: '2026-11-27' });
    expect(view.latest()).toEqual({ day: '2026-11-27', channel: 'mesura-tv' });
  });

  it('starts again from an address the view did not write (Back, another control)', async () => {
    const view = await mountProbe({ day: '2026-11-27' });
    choice(view, 'channel', 'mesura-tv');
    view.draw({ day: '2026-11-27', channel: 'mesura-tv' });
    view.draw({ day: '2026-11-20' });
    expect(view.latest()).toEqual({ day: '2026-11-20' });
    // Even with a choice of its own still undrawn.
    choice(view, 'channel', 'mesura-radio');
    view.draw({});
    expect(view.latest()).toEqual({});
  });
});
