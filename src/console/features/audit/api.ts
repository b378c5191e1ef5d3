/** The audit trail (STAFF_PATHS.auditPage, auditExport): search, and the file of the same search. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_PATHS, type StaffAuditEntry } from '#domain/contract/staff';
import type { Page } from '#domain/contract/envelope';
import { staffHttp } from '../../api/http';
import type { AuditFilter, AuditSearch } from './search';

export const AUDIT_PAGE_SIZE = 20;

export const auditQueryOptions = ({ current, ...filter }: AuditSearch) =>
  queryOptions({
    queryKey: ['staff', 'audit', filter, current ?? 1],
    queryFn: () => staffHttp.get<Page<StaffAuditEntry>>(STAFF_PATHS.auditPage, { ...filter, current: current ?? 1, size: AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (search: AuditSearch) => useQuery(auditQueryOptions(search));

export type ExportFormat = 'csv' | 'xlsx';

/** The filtered trail as a file (the token travels in the header, so it comes as a blob). */
export const getAuditExport = (filter: AuditFilter, format: ExportFormat) => staffHttp.file(STAFF_PATHS.auditExport, { ...filter, format });
