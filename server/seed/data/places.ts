/** Hebei's 11 prefecture-level cities with some of their real districts and counties, and main roads. */
export interface City {
  name: string;
  /** Short name used in company names (石家庄, 唐山 …). */
  short: string;
  /** Letter on local licence plates. */
  plate: string;
  counties: readonly string[];
  roads: readonly string[];
}

export const PROVINCE = '河北省';

export const CITIES: readonly City[] = [
  {
    name: '石家庄市', short: '石家庄', plate: 'A',
    counties: ['长安区', '桥西区', '新华区', '裕华区', '藁城区', '鹿泉区', '栾城区', '正定县', '辛集市', '晋州市', '新乐市', '平山县', '赵县'],
    roads: ['中山路', '裕华路', '建设大街', '槐安路', '体育大街', '胜利大街'],
  },
  {
    name: '唐山市', short: '唐山', plate: 'B',
    counties: ['路南区', '路北区', '古冶区', '开平区', '丰南区', '丰润区', '曹妃甸区', '滦州市', '遵化市', '迁安市', '乐亭县', '玉田县'],
    roads: ['新华道', '建设路', '北新道', '学院路'],
  },
  {
    name: '秦皇岛市', short: '秦皇岛', plate: 'C',
    counties: ['海港区', '山海关区', '北戴河区', '抚宁区', '昌黎县', '卢龙县', '青龙满族自治县'],
    roads: ['河北大街', '海阳路', '文化路', '迎宾路'],
  },
  {
    name: '邯郸市', short: '邯郸', plate: 'D',
    counties: ['邯山区', '丛台区', '复兴区', '峰峰矿区', '肥乡区', '永年区', '武安市', '涉县', '魏县', '大名县'],
    roads: ['人民路', '中华大街', '陵园路', '光明大街'],
  },
  {
    name: '邢台市', short: '邢台', plate: 'E',
    counties: ['襄都区', '信都区', '任泽区', '南和区', '沙河市', '南宫市', '宁晋县', '清河县', '临西县'],
    roads: ['中兴大街', '新华路', '钢铁路', '守敬路'],
  },
  {
    name: '保定市', short: '保定', plate: 'F',
    counties: ['竞秀区', '莲池区', '满城区', '清苑区', '徐水区', '涿州市', '安国市', '高碑店市', '易县', '蠡县', '博野县'],
    roads: ['东风路', '朝阳大街', '七一路', '阳光大街'],
  },
  {
    name: '张家口市', short: '张家口', plate: 'G',
    counties: ['桥东区', '桥西区', '宣化区', '下花园区', '万全区', '崇礼区', '张北县', '蔚县', '怀来县', '涿鹿县'],
    roads: ['胜利北路', '长青路', '建国路', '东安大街'],
  },
  {
    name: '承德市', short: '承德', plate: 'H',
    counties: ['双桥区', '双滦区', '鹰手营子矿区', '平泉市', '承德县', '兴隆县', '滦平县', '隆化县', '围场满族蒙古族自治县'],
    roads: ['南营子大街', '车站路', '半壁山路'],
  },
  {
    name: '沧州市', short: '沧州', plate: 'J',
    counties: ['新华区', '运河区', '泊头市', '任丘市', '黄骅市', '河间市', '沧县', '青县', '献县', '盐山县'],
    roads: ['解放路', '永济路', '浮阳大道', '北京路'],
  },
  {
    name: '廊坊市', short: '廊坊', plate: 'R',
    counties: ['安次区', '广阳区', '霸州市', '三河市', '固安县', '永清县', '香河县', '大城县', '文安县', '大厂回族自治县'],
    roads: ['新华路', '和平路', '银河路', '广阳道'],
  },
  {
    name: '衡水市', short: '衡水', plate: 'T',
    counties: ['桃城区', '冀州区', '深州市', '枣强县', '武邑县', '武强县', '饶阳县', '安平县', '故城县', '景县', '阜城县'],
    roads: ['人民路', '永安大街', '胜利路', '中华大街'],
  },
];
