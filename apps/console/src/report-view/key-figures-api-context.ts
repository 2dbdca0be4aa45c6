import { createContext, useContext } from 'react';
import { createKeyFiguresApi, type KeyFiguresApi } from './key-figures-api';

/** The key figures' API: the server's by default, a fake in tests. */
export const KeyFiguresApiContext = createContext<KeyFiguresApi>(createKeyFiguresApi());

export function useKeyFiguresApi(): KeyFiguresApi {
  return useContext(KeyFiguresApiContext);
}
