/**
 * Reference data production code reads: Hebei (the province this exchange serves), its 11
 * prefecture-level cities in GB/T 2260 order, and some of their real districts and counties. The region
 * tree of the account pages (services/accounts/reference.ts), the judicial service's city names and the
 * demo seed all read it from here; demo-only ingredients (roads, licence-plate letters) stay in
 * seed/data/places.ts.
 */
import { PROVINCE_CODE } from '#domain/rules/constants';

export interface City {
  name: string;
  /** Short name used in company names and filter labels (石家庄, 唐山 …). */
  short: string;
  /** 4-digit code as dscq-system/region/list numbers the cities: 1301 石家庄市 … 1311 衡水市. */
  code: string;
  counties: readonly string[];
}

export const PROVINCE = '河北省';

/**
 * City codes are the real 4-digit GB/T 2260 prefixes (province 13, then the city's position in this
 * list); keep the order.
 */
const cityCode = (index: number): string => `${PROVINCE_CODE}${String(index + 1).padStart(2, '0')}`;

const PLACES: readonly Omit<City, 'code'>[] = [
  {
    name: '石家庄市', short: '石家庄',
    counties: ['长安区', '桥西区', '新华区', '裕华区', '藁城区', '鹿泉区', '栾城区', '正定县', '辛集市', '晋州市', '新乐市', '平山县', '赵县'],
  },
  {
    name: '唐山市', short: '唐山',
    counties: ['路南区', '路北区', '古冶区', '开平区', '丰南区', '丰润区', '曹妃甸区', '滦州市', '遵化市', '迁安市', '乐亭县', '玉田县'],
  },
  {
    name: '秦皇岛市', short: '秦皇岛',
    counties: ['海港区', '山海关区', '北戴河区', '抚宁区', '昌黎县', '卢龙县', '青龙满族自治县'],
  },
  {
    name: '邯郸市', short: '邯郸',
    counties: ['邯山区', '丛台区', '复兴区', '峰峰矿区', '肥乡区', '永年区', '武安市', '涉县', '魏县', '大名县'],
  },
  {
    name: '邢台市', short: '邢台',
    counties: ['襄都区', '信都区', '任泽区', '南和区', '沙河市', '南宫市', '宁晋县', '清河县', '临西县'],
  },
  {
    name: '保定市', short: '保定',
    counties: ['竞秀区', '莲池区', '满城区', '清苑区', '徐水区', '涿州市', '安国市', '高碑店市', '易县', '蠡县', '博野县'],
  },
  {
    name: '张家口市', short: '张家口',
    counties: ['桥东区', '桥西区', '宣化区', '下花园区', '万全区', '崇礼区', '张北县', '蔚县', '怀来县', '涿鹿县'],
  },
  {
    name: '承德市', short: '承德',
    counties: ['双桥区', '双滦区', '鹰手营子矿区', '平泉市', '承德县', '兴隆县', '滦平县', '隆化县', '围场满族蒙古族自治县'],
  },
  {
    name: '沧州市', short: '沧州',
    counties: ['新华区', '运河区', '泊头市', '任丘市', '黄骅市', '河间市', '沧县', '青县', '献县', '盐山县'],
  },
  {
    name: '廊坊市', short: '廊坊',
    counties: ['安次区', '广阳区', '霸州市', '三河市', '固安县', '永清县', '香河县', '大城县', '文安县', '大厂回族自治县'],
  },
  {
    name: '衡水市', short: '衡水',
    counties: ['桃城区', '冀州区', '深州市', '枣强县', '武邑县', '武强县', '饶阳县', '安平县', '故城县', '景县', '阜城县'],
  },
];

export const CITIES: readonly City[] = PLACES.map((place, i) => ({ ...place, code: cityCode(i) }));

/** The code of a city by its full name (石家庄市 → 1301); undefined for a name not in CITIES. */
export function cityCodeOf(cityName: string): string | undefined {
  return CITIES.find((c) => c.name === cityName)?.code;
}
