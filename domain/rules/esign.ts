/** Signature and seal texts and limits both sides show (the wire side is domain/contract/esign.ts). */
import { type SealStatus, FACE_PURPOSES, type FacePurpose, type FaceStatus } from '../contract/esign';

export const SEAL_STATUS_TEXT: Record<SealStatus, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

/** The seal image's size limit (bytes). */
export const SEAL_MAX_BYTES = 512 * 1024;

export const SEAL_NAME_MAX = 40;

export const FACE_PURPOSE_KEYS = Object.keys(FACE_PURPOSES) as FacePurpose[];

export const FACE_STATUS_TEXT: Record<FaceStatus, string> = { pending: '待确认', confirmed: '已确认', consumed: '已使用', expired: '已过期' };

/** The exchange's name: on its seal's certificate and in the signature area it signs last. */
export const EXCHANGE_SIGNER_NAME = '河北产权交易所';
