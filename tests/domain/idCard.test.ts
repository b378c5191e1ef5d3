import { ID_DOCUMENT_TYPES, idCardBirthDate, idCardCheckChar, idDocumentTypeName, normalizeIdCard, validateIdCard } from '#domain/rules/idCard';

const fail = (message: string) => ({ ok: false, message });
const ok = { ok: true };

/*
 * Check characters computed by hand (weights 7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2; chars '10X98765432'):
 * 11010519491231002: sum 167, 167 mod 11 = 2 → 'X'
 * 13010219900307123: sum 196, 196 mod 11 = 9 → '3'
 * 44030119800229001: sum 227, 227 mod 11 = 7 → '5'   (29 Feb 1980, a leap year)
 * 32010620000101001: sum 88,   88 mod 11 = 0 → '1'
 */
describe('validateIdCard', () => {
  it.each(['11010519491231002X', '130102199003071233', '440301198002290015', '320106200001010011'])(
    'accepts %s',
    (value) => {
      expect(validateIdCard(value)).toEqual(ok);
    },
  );

  it('accepts a lowercase x and normalises it', () => {
    expect(validateIdCard('11010519491231002x')).toEqual(ok);
    expect(normalizeIdCard('11010519491231002x')).toBe('11010519491231002X');
  });

  it('computes the check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('13010219900307123')).toBe('3');
    expect(idCardCheckChar('32010620000101001')).toBe('1');
  });

  it.each([
    ['', '证件号码不能为空'],
    ['  ', '证件号码不能为空'],
    ['13010219900307123', '证件号码长度不为18位'], // 17
    ['1301021990030712333', '证件号码长度不为18位'], // 19
    ['1301021990030712X3', '证件号码格式错误'], // X not last
    ['13010219900307123Y', '证件号码格式错误'],
    ['13010219900307123 ', '证件号码格式错误'],
    ['130102199002301233', '证件号码格式错误'], // 30 Feb
    ['130102190002291233', '证件号码格式错误'], // 1900 is not a leap year
    ['130102199013071233', '证件号码格式错误'], // month 13
    ['130102199003001233', '证件号码格式错误'], // day 0
    ['130102189912311233', '证件号码格式错误'], // before 1900
    ['990102199003071233', '地址编码错误'],
    ['100102199003071233', '地址编码错误'],
    ['160102199003071233', '地址编码错误'],
    ['130102199003071234', '证件号码校验位错误'],
    ['110105194912310021', '证件号码校验位错误'], // should end in X
  ])('%j → %s', (value, message) => {
    expect(validateIdCard(value)).toEqual(fail(message));
  });

  it('checks the format before the region, and the region before the checksum', () => {
    expect(validateIdCard('990102199002301234')).toEqual(fail('证件号码格式错误'));
    expect(validateIdCard('990102199003071234')).toEqual(fail('地址编码错误'));
  });

  it('treats null and undefined as empty', () => {
    expect(validateIdCard(null)).toEqual(fail('证件号码不能为空'));
    expect(validateIdCard(undefined)).toEqual(fail('证件号码不能为空'));
  });

  it('refuses a birth date after "today" when given', () => {
    expect(validateIdCard('320106200001010011', { today: '1999-12-31' })).toEqual(fail('证件号码格式错误'));
    expect(validateIdCard('320106200001010011', { today: '2000-01-01' })).toEqual(ok);
  });

  it.each(['11', '12', '13', '15', '21', '23', '31', '37', '41', '46', '50', '54', '61', '65', '71', '81', '82', '91'])(
    'region %s is in the province table',
    (region) => {
      const first17 = `${region}010219900307123`;
      expect(validateIdCard(first17 + idCardCheckChar(first17))).toEqual(ok);
    },
  );

  it.each(['16', '20', '24', '30', '38', '40', '47', '49', '55', '60', '66', '70', '72', '80', '83', '90', '92'])(
    'region %s is not',
    (region) => {
      const first17 = `${region}010219900307123`;
      expect(validateIdCard(first17 + idCardCheckChar(first17))).toEqual(fail('地址编码错误'));
    },
  );

  it('reads the birth date', () => {
    expect(idCardBirthDate('440301198002290015')).toBe('1980-02-29');
    expect(idCardBirthDate('440301198102290015')).toBeNull();
  });
});

describe('ID document types', () => {
  it('codes 0-10 in order', () => {
    expect(ID_DOCUMENT_TYPES.map((type) => type.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.each([
    [0, '居民身份证'],
    [1, '临时身份证'],
    [2, '户口簿'],
    [3, '军官证'],
    [4, '公务护照'],
    [5, '因私护照'],
    [6, '公务普通护照'],
    [7, '外交护照'],
    [8, '港澳居民来往内地通行证'],
    [9, '台湾居民来往大陆通行证'],
    [10, '其他'],
  ])('%i → %s', (code, name) => {
    expect(idDocumentTypeName(code)).toBe(name);
  });

  it('accepts the code as text and shows -- for unknown codes', () => {
    expect(idDocumentTypeName('5')).toBe('因私护照');
    expect(idDocumentTypeName(11)).toBe('--');
    expect(idDocumentTypeName('')).toBe('--');
    expect(idDocumentTypeName(null)).toBe('--');
  });
});
