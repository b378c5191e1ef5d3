import * as constants from '#domain/rules/constants';

describe('business constants (spec section 9)', () => {
  it('has the spec values', () => {
    expect(constants).toMatchObject({
      REQUEST_TIMEOUT_MS: 15000,
      TOKEN_CHECK_INTERVAL_MS: 10000,
      TOKEN_REFRESH_AGE_SECONDS: 3000,
      HOME_BANNER_INTERVAL_MS: 30000,
      NEWS_CAROUSEL_INTERVAL_MS: 3000,
      NEWS_CAROUSEL_MAX_SLIDES: 6,
      HOME_TOP_NEWS_COUNT: 4,
      HOME_LISTING_ROWS_PER_TYPE: 20,
      HOME_NEWS_PER_TAB: 12,
      HOME_HOT_LIST_SIZE: 8,
      HOME_KEY_PROJECT_COUNT: 8,
      KEY_PROJECT_ITEM_WIDTH_PX: 285,
      KEY_PROJECT_WIDE_EXTRA_PX: 120,
      HOME_NEW_PUBLISH_SIZE: 6,
      HOME_JUDICIAL_LIST_SIZE: 8,
      HOME_CLASSIFY_NEWS_SIZE: 6,
      HOME_LATEST_BIDDING_SIZE: 8,
      HOME_LATEST_BIDDING_SCROLL_THRESHOLD: 6,
      HALL_PAGE_SIZE: 30,
      HALL_UPCOMING_SIZE: 8,
      BIDDING_TABLE_HEIGHT_PX: 380,
      FLOAT_PANEL_SCROLL_THRESHOLD_PX: 300,
      LAYOUT_WIDTH_PX: 1200,
      PROVINCE_CODE: 13,
    });
    expect(constants.SMS_MESSAGE_CODES).toEqual({ default: 1008, register: 2001, forgetPassword: 2002 });
  });
});

describe('domain/', () => {
  it('re-exports every module', async () => {
    const domain = await import('../../domain/index');
    for (const name of [
      'validateMobile',
      'validateIdCard',
      'validateCreditCode',
      'passwordStrength',
      'formatMoney',
      'sanitizeMoneyInput',
      'truncate',
      'listingStatusLabel',
      'displayRemaining',
      'premiumRate',
      'HALL_PAGE_SIZE',
      'TYPE_CODES',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
});
