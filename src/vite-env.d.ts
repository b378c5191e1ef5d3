/// <reference types="vite/client" />

/** antd's component styles, prebuilt at build time (vite.config.ts antdStaticStyles). */
declare module 'virtual:antd.css';

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_JUDICIAL_BASE?: string;
  readonly VITE_VERSION_URL?: string;
}

interface ImportMetaEnv {
  readonly VITE_WORK_SYSTEM_URL?: string;
  readonly VITE_INFO_SYSTEM_URL?: string;
  readonly VITE_TRANSFEROR_URL?: string;
}
