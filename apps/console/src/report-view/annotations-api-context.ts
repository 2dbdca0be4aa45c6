import { createContext, useContext } from 'react';
import { createAnnotationsApi, type AnnotationsApi } from './annotations-api';

/** The chart notes' API: the server's by default, a fake in tests. */
export const AnnotationsApiContext = createContext<AnnotationsApi>(createAnnotationsApi());

export function useAnnotationsApi(): AnnotationsApi {
  return useContext(AnnotationsApiContext);
}
