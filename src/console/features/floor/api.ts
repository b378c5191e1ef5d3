/** 竞价监控 (STAFF_FLOOR_PATHS): the running auctions and the floor's three steps. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_FLOOR_PATHS, type FloorItem, type FloorStep } from '#domain/contract/staffFloor';
import { staffHttp } from '../../api/http';
import { useQueueAction } from '../../api/queues';

const AREA = 'floor';

export const floorListOptions = () => queryOptions({ queryKey: ['staff', AREA, 'list'], queryFn: () => staffHttp.get<FloorItem[]>(STAFF_FLOOR_PATHS.list) });
export const useFloor = () => useQuery(floorListOptions());
export const useSuspend = () => useQueueAction<{ activityId: number; reason: string }, FloorStep>(AREA, STAFF_FLOOR_PATHS.suspend);
export const useResume = () => useQueueAction<{ activityId: number; endTime: string; reason?: string }, FloorStep>(AREA, STAFF_FLOOR_PATHS.resume);
export const useTerminate = () => useQueueAction<{ activityId: number; reason: string }, FloorStep>(AREA, STAFF_FLOOR_PATHS.terminate);
