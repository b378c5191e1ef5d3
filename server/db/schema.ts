/**
 * The one typed database interface. Each domain keeps its tables in `tables/<domain>.ts`;
 * add a domain there and intersect it here.
 * Conventions (portable across SQLite and PostgreSQL): amounts are integer fen (BIGINT),
 * times are epoch milliseconds (BIGINT), booleans are 0/1 integers, JSON is text.
 */
import type { AccountTables } from './tables/accounts.ts';
import type { BiddingTables } from './tables/bidding.ts';
import type { ContentTables } from './tables/content.ts';
import type { DeskTables } from './tables/desk.ts';
import type { EsignTables } from './tables/esign.ts';
import type { EnrolmentTables } from './tables/enrolment.ts';
import type { MoneyTables } from './tables/money.ts';
import type { ProjectTables } from './tables/project.ts';
import type { ProjectDetailTables } from './tables/projects-detail.ts';
import type { UserFilesTables } from './tables/user-files.ts';
import type { ContractTables } from './tables/contracts.ts';
import type { StaffTables } from './tables/staff.ts';
import type { LotPhotoTables } from './tables/lot-photos.ts';
import type { RoadshowTables } from './tables/roadshows.ts';
import type { WebauthnTables } from './tables/webauthn.ts';
import type { BidRecordTables } from './tables/bid-record.ts';
import type { LiveEventTables } from './tables/live-events.ts';

export type { NavigationTable } from './tables/desk.ts';
export type { NewsPlateTable, NewsTable } from './tables/content.ts';
export type { NoticeTable, ProjectTable } from './tables/project.ts';

export type { AppUserTable, AuditLogTable, AuthSessionTable, VerificationTable } from './tables/accounts.ts';

export interface Database extends DeskTables, ContentTables, ProjectTables, AccountTables, BiddingTables, ProjectDetailTables, EnrolmentTables, MoneyTables, UserFilesTables, ContractTables, EsignTables, StaffTables, RoadshowTables, LotPhotoTables, BidRecordTables, WebauthnTables, LiveEventTables {}
