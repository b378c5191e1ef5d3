/**
 * Migration 0011: 产权交易合同, its parties and its versions. Times in epoch ms.
 * State and role values are the types in domain/rules/tradeContract.ts.
 */
import type { Generated } from 'kysely';

export interface ContractTable {
  id: Generated<number>;
  contract_code: string;
  deal_id: number;
  template: string;
  title: string;
  state: string;
  /** JSON: the values filled from the deal. */
  facts: string;
  /** JSON: open field key → sanitised HTML. */
  open_fields: string;
  version: number;
  /** Base64 PDF frozen at the last confirmation. */
  frozen_pdf: string | null;
  /** Base64 PDF with the signatures so far. */
  signed_pdf: string | null;
  created_at: number;
  updated_at: number;
  frozen_at: number | null;
  signed_at: number | null;
  sealed_at: number | null;
}

export interface ContractPartyTable {
  id: Generated<number>;
  contract_id: number;
  user_id: number | null;
  role: string;
  kind: string;
  name: string;
  sign_order: number;
  added_by: number | null;
  confirmed_at: number | null;
  signed_at: number | null;
  mark_kind: string;
  created_at: number;
}

export interface ContractVersionTable {
  id: Generated<number>;
  contract_id: number;
  version: number;
  user_id: number | null;
  actor_name: string;
  changed: string;
  open_fields: string;
  created_at: number;
}

export interface ContractTables {
  contract: ContractTable;
  contract_party: ContractPartyTable;
  contract_version: ContractVersionTable;
}
