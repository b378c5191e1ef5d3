import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { USER_FILES_PATHS, type FolderChoice } from '#domain/contract/userFiles';

export const folderChoicesQueryOptions = () =>
  queryOptions({ queryKey: ['user-files', 'folder-choices'], queryFn: () => http.get<FolderChoice[]>(USER_FILES_PATHS.folders), staleTime: 0 });

export const useFolderChoices = (enabled: boolean) => useQuery({ ...folderChoicesQueryOptions(), enabled });
