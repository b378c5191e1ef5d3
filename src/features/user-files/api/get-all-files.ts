import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { USER_FILES_PATHS, type LibraryFile } from '#domain/contract/userFiles';

export const getAllFiles = () => http.get<LibraryFile[]>(USER_FILES_PATHS.all);

export const allFilesQueryOptions = () => queryOptions({ queryKey: ['user-files', 'all'], queryFn: getAllFiles, staleTime: 0 });

export const useAllFiles = () => useQuery(allFilesQueryOptions());
