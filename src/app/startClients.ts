/** The query client and the live client: one start step of src/main.tsx (one chunk to fetch, not two). */
export { createQueryClient } from './queryClient';
export { getLiveClient } from '@/live/worker';
