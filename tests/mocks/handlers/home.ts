import { http, HttpResponse } from 'msw';
import { envelope, listingFixture, newsFixture, noticeFixture, pageOf } from '../fixtures';

export const homeHandlers = [
  http.post('/api/dscq-project/search/page', ({ request }) => {
    const typeCode = Number(new URL(request.url).searchParams.get('typeCode') ?? 0);
    return HttpResponse.json(
      envelope(
        pageOf([
          listingFixture({ typeCode }),
          listingFixture({ id: 102, assetsName: '保定市某办公楼出租', state: '预披露', projectType: 1 }),
        ]),
      ),
    );
  }),
  http.post('/api/dscq-content/news-content/page', () => HttpResponse.json(envelope(pageOf([newsFixture()])))),
  http.post('/api/dscq-project/notice/page', () => HttpResponse.json(envelope(pageOf([noticeFixture()])))),
];
