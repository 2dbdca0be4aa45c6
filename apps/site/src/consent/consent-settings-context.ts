import { createContext } from 'react';

/**
 * Opens the consent banner's settings layer; focus returns to `returnFocusTo` once the visitor has
 * chosen. Part of the main chunk, so it imports nothing from the consent manager: the call waits
 * for the consent chunk (see main.tsx).
 */
export type OpenConsentSettings = (returnFocusTo?: HTMLElement) => void;

/** `null` where no consent manager runs (e.g. a component rendered alone in a test). */
export const ConsentSettingsContext = createContext<OpenConsentSettings | null>(null);
