import { useSiteRuntime } from '@/api/resources/get-site-runtime';

export const DEMO_NOTICE_TEXT = '演示环境：本站仅供演示，在线支付为模拟网银，短信验证码不会发送到手机，不产生真实交易。';

/**
 * The 演示环境 notice on every page, wherever the server runs the sandbox bank or the SMS outbox
 * (development, tests, and a production install only with PORTAL_DEMO=1).
 */
export function DemoNotice() {
  const runtime = useSiteRuntime();
  if (!runtime.data?.demo) return null;
  return (
    <div className="site-demo-notice" role="note" aria-label="演示环境">
      <div className="site-demo-notice__inner">{DEMO_NOTICE_TEXT}</div>
    </div>
  );
}
