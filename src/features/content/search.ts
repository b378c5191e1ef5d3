/** The content pages' URL state (spec section 2: plateId, newsId, num, id = notice type), validated by the route table. */
import { z } from 'zod/mini';
import { lenient, optionalId } from '@/lib/searchParams';

/** Column pages (/djgz, /zcfg, /jyfw, /xwzx, /hgzx, /xxgk): the plate shown. */
export const plateSearch = z.object({ plateId: optionalId });
export type PlateSearch = z.infer<typeof plateSearch>;

/** Article details (/newsDetail*, /helpCenterDetail). */
export const newsSearch = z.object({ newsId: optionalId });
export type NewsSearch = z.infer<typeof newsSearch>;

/** /noticeDetail: the notice and its type (id). */
export const noticeSearch = z.object({ newsId: optionalId, id: optionalId });
export type NoticeSearch = z.infer<typeof noticeSearch>;

/** /helpCenter: the plate and the article number in it. */
export const helpSearch = z.object({ plateId: optionalId, num: optionalId });
export type HelpSearch = z.infer<typeof helpSearch>;

/** /zhongdianDetail: one key recommendation. */
export const idSearch = z.object({ id: optionalId });
export type IdSearch = z.infer<typeof idSearch>;

/** /lock: where to return once unlocked. */
export const lockSearch = z.object({ redirect: lenient(z.string().check(z.maxLength(500))) });
export type LockSearch = z.infer<typeof lockSearch>;
