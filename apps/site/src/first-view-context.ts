import { createContext } from 'react';

/**
 * True while the server renders a page's first view (first-view.tsx): what only the browser can do
 * (a client-side redirect) is left for the app to do there.
 */
export const FirstViewContext = createContext(false);
