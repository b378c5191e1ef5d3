import { http, HttpResponse } from 'msw';
import { DEFAULT_FEE_SCHEDULE } from '#domain/rules/settlement';
import { envelope, navigationFixture } from '../fixtures';

export const layoutHandlers = [
  http.get('/api/blade-desk/navigation-config/list', () => HttpResponse.json(envelope(navigationFixture))),
  http.get('/api/logout', () => HttpResponse.json(envelope(null))),
  // The cashier's sandbox bank, without the 演示环境 notice (tests/routes/demo-notice.test.tsx turns it on).
  http.get('/api/dscq-system/site/runtime', () => HttpResponse.json(envelope({ demo: false, payment: 'sandbox', paymentName: '模拟网银（沙箱）', sms: 'gateway', feeSchedule: DEFAULT_FEE_SCHEDULE }))),
  http.get('/version.json', () => HttpResponse.json({ version: 'test-build' })),
];
