/**
 * Demo ingredients per city for the seed's names and addresses: the letter on local licence plates and
 * some main roads. The cities themselves (names, codes, counties) are reference data that production code
 * reads too: server/reference/places.ts.
 */
import { CITIES as REFERENCE_CITIES, type City as ReferenceCity } from '../../reference/places.ts';

export { PROVINCE } from '../../reference/places.ts';

export interface City extends ReferenceCity {
  /** Letter on local licence plates. */
  plate: string;
  roads: readonly string[];
}

const DEMO: Readonly<Record<string, Pick<City, 'plate' | 'roads'>>> = {
  石家庄市: { plate: 'A', roads: ['中山路', '裕华路', '建设大街', '槐安路', '体育大街', '胜利大街'] },
  唐山市: { plate: 'B', roads: ['新华道', '建设路', '北新道', '学院路'] },
  秦皇岛市: { plate: 'C', roads: ['河北大街', '海阳路', '文化路', '迎宾路'] },
  邯郸市: { plate: 'D', roads: ['人民路', '中华大街', '陵园路', '光明大街'] },
  邢台市: { plate: 'E', roads: ['中兴大街', '新华路', '钢铁路', '守敬路'] },
  保定市: { plate: 'F', roads: ['东风路', '朝阳大街', '七一路', '阳光大街'] },
  张家口市: { plate: 'G', roads: ['胜利北路', '长青路', '建国路', '东安大街'] },
  承德市: { plate: 'H', roads: ['南营子大街', '车站路', '半壁山路'] },
  沧州市: { plate: 'J', roads: ['解放路', '永济路', '浮阳大道', '北京路'] },
  廊坊市: { plate: 'R', roads: ['新华路', '和平路', '银河路', '广阳道'] },
  衡水市: { plate: 'T', roads: ['人民路', '永安大街', '胜利路', '中华大街'] },
};

export const CITIES: readonly City[] = REFERENCE_CITIES.map((city) => {
  const demo = DEMO[city.name];
  if (!demo) throw new Error(`seed: no demo roads for ${city.name}`);
  return { ...city, ...demo };
});
