import { http, HttpResponse } from 'msw';
import { envelope, navigationFixture } from '../fixtures';

export const layoutHandlers = [
  http.get('/api/blade-desk/navigation-config/list', () => HttpResponse.json(envelope(navigationFixture))),
  http.get('/api/logout', () => HttpResponse.json(envelope(null))),
  http.get('/version.json', () => HttpResponse.json({ version: 'test-build' })),
];
