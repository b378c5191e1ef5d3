import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Business errors are answers, not glitches: retry only what a retry can fix.
        retry: (count, error) => count < 2 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'),
        refetchOnWindowFocus: false,
      },
    },
  });
}
