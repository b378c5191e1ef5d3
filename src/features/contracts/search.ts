/** URL state of 我的合同 pages, validated by the route table. */
import { z } from 'zod/mini';
import { CONTRACT_STATES } from '#domain/contract/tradeContract';
import { OPEN_FIELD_KEYS } from '#domain/rules/tradeContract';
import { lenient, optionalId } from '@/lib/searchParams';

/** /myContract: the page and a state filter. */
export const contractListSearch = z.object({ current: optionalId, state: lenient(z.enum(CONTRACT_STATES)) });
export type ContractListSearch = z.infer<typeof contractListSearch>;

/** /edit, /confirm, /signatoryList, /addSignatory, /usercenter/contract/sign: the contract. */
export const contractSearch = z.object({ id: optionalId });
export type ContractSearch = z.infer<typeof contractSearch>;

/** /onlineEdit: the contract and the open clause edited. */
export const onlineEditSearch = z.object({ id: optionalId, field: lenient(z.enum(OPEN_FIELD_KEYS)) });
export type OnlineEditSearch = z.infer<typeof onlineEditSearch>;
