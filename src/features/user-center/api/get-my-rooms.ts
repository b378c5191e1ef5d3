import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type QualifiedRoom } from '#domain/contract/enrolment';

export const getMyRooms = () => http.get<QualifiedRoom[]>(ENROLMENT_PATHS.rooms);

export const myRoomsQueryOptions = () => queryOptions({ queryKey: ['user-center', 'rooms'], queryFn: getMyRooms, staleTime: 0 });

export const useMyRooms = () => useQuery(myRoomsQueryOptions());
