import type { ThemeConfig } from 'antd';

/** The one theme of the portal: a deep exchange red, dense and serious. */
export const PRIMARY_RED = '#b71c1c';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_RED,
    colorLink: PRIMARY_RED,
    borderRadius: 4,
    fontSize: 14,
    fontFamily:
      '-apple-system, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", Arial, sans-serif',
  },
  components: {
    Tabs: { titleFontSize: 15 },
  },
};
