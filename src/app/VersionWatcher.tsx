import { useEffect } from 'react';
import { App as AntdApp } from 'antd';
import { useLive, VERSION_UPDATE_NOTICE, watchVersion } from '@/live';
import { getStore, removeStore, setStore } from '@/lib/storage';

const STORED_VERSION = 'version';
/** Set just before the reload, so the fresh page can say why it reloaded. */
const RELOADED_FOR_UPDATE = 'version-reloaded';

/**
 * The spec's version check: the live worker polls the static version file; when the stored version
 * differs from the fetched one the page reloads and then shows '检测到版本更新，刷新页面'.
 */
export function VersionWatcher({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const live = useLive();
  const { message } = AntdApp.useApp();

  useEffect(() => {
    if (getStore<boolean>(RELOADED_FOR_UPDATE)) {
      removeStore(RELOADED_FOR_UPDATE);
      void message.info(VERSION_UPDATE_NOTICE);
    }
    const subscription = watchVersion(live.stream('version'), {
      getStored: () => getStore<string>(STORED_VERSION),
      setStored: (version) => setStore(STORED_VERSION, version),
      onUpdate: () => {
        setStore(RELOADED_FOR_UPDATE, true, 'session');
        reload();
      },
    });
    return () => subscription.unsubscribe();
  }, [live, message, reload]);

  return null;
}
