import type { ThemeConfig } from 'antd';

/**
 * The one theme of the portal: a deep exchange red, dense and serious.
 *
 * Contrast (WCAG AA 4.5:1 for text, the age-friendly rules): antd's defaults put secondary and
 * description text at 45 % black (#8c8c8c, 3.4:1 on white — breadcrumbs, descriptions, table headers) and
 * tag and status texts in the palette's 6th/7th shades (orange, gold, green, blue: 2–4:1 on their pale
 * backgrounds). They are darkened here, once, for every component: greys to #595959 (7:1), the status
 * colours and the preset tags' text shade (`<colour>7`) to the next darker shade of the same hue.
 */
export const PRIMARY_RED = '#b71c1c';

/** The preset tags' text colour (`<Tag color="orange">` writes in the palette's 7th shade): ≥ 4.5:1 on its 1st. */
const PRESET_TAG_TEXT = {
  orange: '#ad4e00',
  gold: '#874d00',
  volcano: '#ad2102',
  green: '#237804',
  blue: '#0958d9',
  cyan: '#006d75',
  lime: '#3f6600',
  purple: '#391085',
  magenta: '#9e1068',
  geekblue: '#10239e',
  red: '#a8071a',
} as const;

/** antd keeps each palette shade under two names (`orange7` and the legacy `orange-7`, the CSS variable's): both. */
function presetTagTexts(colours: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(colours).flatMap(([name, colour]) => [[`${name}7`, colour], [`${name}-7`, colour]]));
}

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_RED,
    colorLink: PRIMARY_RED,
    borderRadius: 4,
    fontSize: 14,
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    // Placeholders (an empty select's 全部状态 is its only label on screen) read at 4.5:1 too.
    colorTextPlaceholder: '#757575',
    // Status colours (Tag status, Alert text, Badge): one shade darker so their text reads at ≥ 4.5:1,
    // on the usual pale backgrounds (a darker seed would derive greyish ones).
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorInfo: '#0958d9',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#c62828',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    ...presetTagTexts(PRESET_TAG_TEXT),
    fontFamily:
      '-apple-system, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", Arial, sans-serif',
  },
  components: {
    Tabs: { titleFontSize: 15 },
  },
};

/**
 * 长辈模式 (src/lib/elderMode): the same theme with larger type and near-black texts (the age-friendly rules
 * ask for ≥ 18 px body text where it can be had, and strong contrast). Page CSS follows through html.elder-mode.
 */
export const elderTheme: ThemeConfig = {
  ...theme,
  token: {
    ...theme.token,
    fontSize: 16,
    fontSizeSM: 14,
    fontSizeLG: 18,
    colorText: '#000000',
    colorTextSecondary: '#262626',
    colorTextTertiary: '#333333',
    colorTextDescription: '#333333',
    colorBorder: '#8c8c8c',
  },
  components: {
    ...theme.components,
    Tabs: { titleFontSize: 17 },
  },
};
