/** URL state of 我的服务 / 需求, validated by the route table. */
import { z } from 'zod/mini';
import { optionalId } from '@/lib/searchParams';

/** /myServiceDetail (no id: a new demand) and /demandDetail: the demand shown. */
export const demandSearch = z.object({ id: optionalId });
export type DemandSearch = z.infer<typeof demandSearch>;
