import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { WEBAUTHN_PATHS, type BidConfirmationSettings } from '#domain/contract/webauthn';

/** (ours) GET 大额出价需安全密钥确认: the threshold in yuan (0: off). */
export const getBidKeySettings = () => http.get<BidConfirmationSettings>(WEBAUTHN_PATHS.settings);

export const bidKeySettingsQueryOptions = () => queryOptions({ queryKey: ['account', 'bid-key-settings'], queryFn: getBidKeySettings, staleTime: 0 });

export const useBidKeySettings = () => useQuery(bidKeySettingsQueryOptions());
