/** 工作人员 (STAFF_PATHS.staff*): the list, a new member, roles and disabling, a new password. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS, type StaffMember } from '#domain/contract/staff';
import type { StaffRole } from '#domain/rules/staff';
import { staffHttp } from '../../api/http';

export const staffListQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'members'], queryFn: () => staffHttp.get<StaffMember[]>(STAFF_PATHS.staffList) });

export const useStaffList = () => useQuery(staffListQueryOptions());

export interface NewMember {
  loginName: string;
  name: string;
  roles: StaffRole[];
  password: string;
}

export interface MemberChange {
  id: number;
  name?: string;
  roles?: StaffRole[];
  disabled?: boolean;
}

function useStaffMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'members'] }),
  });
}

export const useCreateMember = () => useStaffMutation((input: NewMember) => staffHttp.post<StaffMember>(STAFF_PATHS.staffCreate, { ...input }));
export const useUpdateMember = () => useStaffMutation((input: MemberChange) => staffHttp.post<StaffMember>(STAFF_PATHS.staffUpdate, { ...input }));
export const useResetPassword = () =>
  useStaffMutation((input: { id: number; password: string }) => staffHttp.post<null>(STAFF_PATHS.staffResetPassword, { ...input }));
