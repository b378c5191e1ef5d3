/**
 * Business constants and limits the UI, worker and server read (spec sections 1, 2, 7 and 9).
 * Where the spec gives two readings, the chosen value is noted.
 */

/** Request time-out (spec section 7/9). */
/** Request time-out (spec section 7/9). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The token age is checked this often (spec). */
export const TOKEN_CHECK_INTERVAL_MS = 10_000;

/** The token is refreshed when its age reaches this many seconds (spec). */
export const TOKEN_REFRESH_AGE_SECONDS = 3_000;

/** Home banner rotation (spec: 30 s "in one reading"). */
export const HOME_BANNER_INTERVAL_MS = 30_000;

/** News carousel rotation and its slide limit. */
export const NEWS_CAROUSEL_INTERVAL_MS = 3_000;

export const NEWS_CAROUSEL_MAX_SLIDES = 6;

/** Home page list sizes (spec section 9). */
export const HOME_TOP_NEWS_COUNT = 4;

/** Listing rows per type tab: the spec has 19 and 20 in its two readings; we take 20. */
export const HOME_LISTING_ROWS_PER_TYPE = 20;

/** News per tab on the home page: 12 (the other reading fetches 8). */
export const HOME_NEWS_PER_TAB = 12;

/** The other reading's news fetch size (spec section 7: "8 per fetch on the home page"). */
export const HOME_NEWS_FETCH_SIZE = 8;

export const HOME_HOT_LIST_SIZE = 8;

/** Key project strip: 8 items, 285 px each, plus 120 px when wide (more than 4 items). */
export const HOME_KEY_PROJECT_COUNT = 8;

export const KEY_PROJECT_ITEM_WIDTH_PX = 285;

export const KEY_PROJECT_WIDE_EXTRA_PX = 120;

export const KEY_PROJECT_WIDE_THRESHOLD = 4;

export const HOME_NEW_PUBLISH_SIZE = 6;

export const HOME_JUDICIAL_LIST_SIZE = 8;

export const HOME_CLASSIFY_NEWS_SIZE = 6;

/** Latest bidding list: up to 8 rows, scrolling when more than 6. */
export const HOME_LATEST_BIDDING_SIZE = 8;

export const HOME_LATEST_BIDDING_SCROLL_THRESHOLD = 6;

/** Bidding hall page size and the upcoming-bidding list size. */
export const HALL_PAGE_SIZE = 30;

export const HALL_UPCOMING_SIZE = 8;

/** Height of the scrolling bidding table on the home page. */
export const BIDDING_TABLE_HEIGHT_PX = 380;

/** The floating panel appears after scrolling more than this. */
export const FLOAT_PANEL_SCROLL_THRESHOLD_PX = 300;

/** Desktop layout width. */
export const LAYOUT_WIDTH_PX = 1200;

/** Province code (Hebei). */
export const PROVINCE_CODE = 13;

/** Message code types of POST /dscq-user/sms/code (spec section 7). */
export const SMS_MESSAGE_CODES = Object.freeze({
  default: 1008,
  register: 2001,
  forgetPassword: 2002,
} as const);

export type SmsMessageCode = (typeof SMS_MESSAGE_CODES)[keyof typeof SMS_MESSAGE_CODES];
