import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { USER_FILES_PATHS, type FolderListing } from '#domain/contract/userFiles';

export const getFolder = (folderId: number | undefined) => http.get<FolderListing>(USER_FILES_PATHS.list, folderId ? { folderId } : undefined);

export const folderQueryOptions = (folderId: number | undefined) =>
  queryOptions({ queryKey: ['user-files', 'folder', folderId ?? 0], queryFn: () => getFolder(folderId), staleTime: 0 });

export const useFolder = (folderId: number | undefined) => useQuery(folderQueryOptions(folderId));
