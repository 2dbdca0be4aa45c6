/**
 * The data of the page shown: what its route's loader answered, the same in the server's first
 * view and in the browser. Pages read it with `usePageData`.
 */
import { createContext, useContext } from 'react';

export const PageDataContext = createContext<unknown>(undefined);

/** The loader's answer for the page shown; its type is the loader's, stated by the page. */
export function usePageData<T>(): T {
  return useContext(PageDataContext) as T;
}
