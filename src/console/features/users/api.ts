/** 用户 (STAFF_USER_PATHS): portal users found by login name, name or phone; a login lockout lifted. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { STAFF_USER_PATHS, type StaffUserItem } from '#domain/contract/staffQueues';
import { staffHttp } from '../../api/http';

export const useFoundUsers = (q: string) =>
  useQuery({ queryKey: ['staff', 'users', q], queryFn: () => staffHttp.get<StaffUserItem[]>(STAFF_USER_PATHS.find, { q }), enabled: q !== '' });

export const useUnlock = () => useMutation({ mutationFn: (loginName: string) => staffHttp.post<null>(STAFF_USER_PATHS.unlock, { loginName }) });
