/**
 * The transferor's name, as every paper names it: the one the lot's detail records, else the lot's owner
 * (project.org_name, which a lot published through the operator API carries alone). The contract's draft,
 * the staff lot form, the 成交确认书, the settlement and the payout all read this one rule.
 * Needs `project` and `project_detail` in the query (the detail left-joined).
 */
import { sql } from 'kysely';

export const transferorNameSql = sql<string>`coalesce(nullif(project_detail.transferor_name, ''), project.org_name)`;
