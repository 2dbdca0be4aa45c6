/**
 * A component under test in a React root of its own, in a fresh element of the document, unmounted
 * after each test: the set-up the apps' component tests share (the console's and the site's). Call
 * once at a test file's top.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

export interface MountedRoot {
  /** Renders `element` in a new root, its effects run; answers the element it is in. */
  mount(element: ReactNode): Promise<HTMLElement>;
  /** The element of the last mount. */
  container(): HTMLElement;
  /** Unmounts the last mount now, within the test; its element stays in the document until the test ends. */
  unmount(): void;
}

export function mountedRoot(): MountedRoot {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container?.remove();
    container = undefined;
  });
  return {
    async mount(element) {
      container = document.createElement('div');
      document.body.append(container);
      const mounted = createRoot(container);
      root = mounted;
      await act(async () => mounted.render(element));
      return container;
    },
    container() {
      if (container === undefined) throw new Error('nothing is mounted');
      return container;
    },
    unmount() {
      if (root === undefined) throw new Error('nothing is mounted');
      const mounted = root;
      act(() => mounted.unmount());
      root = undefined;
    },
  };
}
