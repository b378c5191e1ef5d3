/**
 * The separate judicial-auction service (JUDICIAL_BASE '/judicial'): {status, message, content} answers,
 * offset + limit paging over the catalogue fixture (already in the server's order), name, court, city and
 * state (the hall's names) filters, a court item's detail. `judicialMock.state.failWith` makes every call
 * answer status 1 with that message.
 */
import { http, HttpResponse } from 'msw';
import { JUDICIAL_PATHS } from '#domain/contract/projects';
import { stagesMatching } from '#domain/rules/lotState';
import { judicialCities, judicialCourts, judicialDetailFixture, judicialItems } from '../fixtures-projects';

const judicial = (path: string) => `/judicial${path}`;

function freshState() {
  return { failWith: null as string | null, queries: [] as URLSearchParams[] };
}

export const judicialMock = {
  state: freshState(),
  reset() {
    judicialMock.state = freshState();
  },
};

const answer = <T>(content: T) =>
  judicialMock.state.failWith
    ? HttpResponse.json({ status: 1, message: judicialMock.state.failWith, content: null })
    : HttpResponse.json({ status: 0, message: '成功', content });

export const judicialHandlers = [
  http.post(judicial(JUDICIAL_PATHS.query), ({ request }) => {
    const params = new URL(request.url).searchParams;
    judicialMock.state.queries.push(params);
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 8);
    const name = params.get('name');
    const courtId = params.get('courtId');
    const cityCode = params.get('cityCode');
    const state = params.get('state');
    const stages = state ? stagesMatching(state) : [];
    const court = judicialCourts.find((c) => String(c.courtId) === courtId);
    const city = judicialCities.find((c) => c.cityCode === cityCode);
    const rows = judicialItems.filter(
      (item) =>
        (!name || item.name.includes(name)) &&
        (!court || item.courtName === court.courtName) &&
        (!city || item.cityName === city.cityName) &&
        (!state || stages.includes(item.lot.status)),
    );
    return answer({ list: rows.slice(offset, offset + limit), totalCount: rows.length });
  }),
  http.get(judicial(JUDICIAL_PATHS.cities), () => answer(judicialCities)),
  http.get(judicial(JUDICIAL_PATHS.courts), ({ request }) => {
    const cityCode = new URL(request.url).searchParams.get('cityCode');
    return answer(judicialCourts.filter((c) => !cityCode || c.cityCode === cityCode));
  }),
  http.get(judicial(JUDICIAL_PATHS.detail), ({ request }) => {
    const pk = new URL(request.url).searchParams.get('pkHouseproject');
    const item = judicialItems.find((i) => i.pkHouseproject === pk);
    if (!item) return HttpResponse.json({ status: 1, message: '拍品不存在或已撤回', content: null });
    return answer(judicialDetailFixture(item));
  }),
];
