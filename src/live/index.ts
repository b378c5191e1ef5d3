/**
 * The main-thread face of the live worker. Views import from here; nothing here exposes comlink. The list
 * gate (LiveListGate, with antd's skeleton and result) is imported from its own module by the pages that draw
 * it: exported here, the entry (which starts the worker from here) pulled it into every page's first load.
 */
export type {
  ClockValue,
  LiveConfig,
  LiveStreams,
  NoParams,
  StreamName,
  StreamParams,
  StreamValue,
  TokenCheckParams,
  TokenCheckValue,
  VersionValue,
} from '../../workers/protocol/protocol';
export { DEFAULT_LIVE_CONFIG } from '../../workers/protocol/protocol';
export { createLiveClient, LiveStreamError, type LiveClient } from './liveClient';
export { getLiveClient, startLiveWorker, type LiveWorkerClient } from './worker';
export { LiveProvider, type LiveProviderProps } from './LiveProvider';
export { useLive, useLiveStream } from './useLive';
export { useObservable } from './useObservable';
export { watchVersion, decideVersion, VERSION_UPDATE_NOTICE, type VersionWatchHooks } from './versionWatch';
export type {
  BiddingDataFrame,
  LiveBidRow,
  LiveListFrame,
  LiveListMeta,
  LiveLoadStatus,
  LiveUpcomingRow,
} from '../../workers/protocol/frames';
export { isOverText } from '../../workers/protocol/frames';
export type { BiddingDataParams, BidderMine, MineFrame, HallFrame, HallParams, MaxRateParams, UpcomingFrame, UpcomingParams } from '../../workers/protocol/protocol';
export { createLiveListStore, type LiveListStore, type LiveListState, type LiveRowSlice, type LiveAnnouncement } from './rowStore';
export type { LiveRemainingRefOptions } from './useLiveList';
export { useLiveList, useLiveListState, useLiveRow, useFlashingLiveRow, useLiveRemaining, useLiveRemainingRef, useLiveAnnouncement } from './useLiveList';
