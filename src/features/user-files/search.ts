/** URL state of 我的文件 and 申诉记录, validated by the route table. */
import { z } from 'zod/mini';
import { lenient, optionalId, searchText } from '@/lib/searchParams';

/** /usercenter/files/children: the folder shown (the root without one). */
export const folderSearch = z.object({ folderId: optionalId });
export type FolderSearch = z.infer<typeof folderSearch>;

/** /usercenter/files/list: a name filter and a type filter. */
export const fileListSearch = z.object({ q: searchText(50), type: lenient(z.enum(['pdf', 'image'])) });
export type FileListSearch = z.infer<typeof fileListSearch>;

/** /shensuRecord: the page, the appeal opened (a message links here with its id), new=1 opens the form. */
export const appealSearch = z.object({ current: optionalId, id: optionalId, new: optionalId });
export type AppealSearch = z.infer<typeof appealSearch>;
