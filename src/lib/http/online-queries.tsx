/**
 * Wraps a page whose server calls follow the query policy of `query-client.ts` (requirements
 * §core-9 "Query cache"). Pages wrap themselves rather than the app shell, so TanStack Query
 * loads with the first page that needs it and never with the first screen.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getOnlineQueryClient } from './query-client.ts';

/** Gives `children` the app's one query client. */
export function OnlineQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getOnlineQueryClient()}>{children}</QueryClientProvider>;
}
