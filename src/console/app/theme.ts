import type { ThemeConfig } from 'antd';
import { theme as portalTheme } from '@/app/theme';

/** The console's look: the portal's theme (its contrast fixes) with a calm deep blue instead of the exchange red. */
export const CONSOLE_PRIMARY = '#1f4e8c';

export const consoleTheme: ThemeConfig = {
  ...portalTheme,
  token: { ...portalTheme.token, colorPrimary: CONSOLE_PRIMARY, colorLink: CONSOLE_PRIMARY },
  components: {
    ...portalTheme.components,
    Menu: { itemSelectedBg: '#e8f0fa', itemSelectedColor: CONSOLE_PRIMARY, subMenuItemBg: '#fff' },
  },
};
