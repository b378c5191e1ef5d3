/** 用印申请 and the phone's 身份确认 page, one lazily loaded chunk. */
export { FaceQrPage } from './FaceQrPage';
export { SealApplyPage } from './SealApplyPage';
