import { createContext, useContext } from 'react';
import { createGoalsApi, type GoalsApi } from './goals-api';

/** The area's API; the real one unless a test provides its own. */
export const GoalsApiContext = createContext<GoalsApi>(createGoalsApi());

export function useGoalsApi(): GoalsApi {
  return useContext(GoalsApiContext);
}
