// The admin screens' query keys all start with ADMIN_QUERY_ROOT, so a change made on one screen
// (a status, a role, a moderation) refreshes every admin list that might show it.
import type { QueryClient } from '@tanstack/react-query';

export const ADMIN_QUERY_ROOT = 'admin';

export const adminKey = (...parts: unknown[]) => [ADMIN_QUERY_ROOT, ...parts] as const;

export const refreshAdmin = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
