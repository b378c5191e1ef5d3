import { postJson } from '@/api/transport';
import { WEBAUTHN_PATHS, type BidConfirmationSettings } from '#domain/contract/webauthn';

/** (ours) Saves 大额出价需安全密钥确认 (0: off); the password again (encrypted as for login). */
export const postBidKeySettings = (thresholdYuan: number, password: string) =>
  postJson<BidConfirmationSettings>(WEBAUTHN_PATHS.saveSettings, { thresholdYuan, password });
