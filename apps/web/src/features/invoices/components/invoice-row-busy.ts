import { createContext } from 'react';

/** Any request on the list: a context, so a reload re-renders the action cells, not the rows. */
export const BusyContext = createContext(false);
