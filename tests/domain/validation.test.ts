import { validateEmail, validateFileName, validateLandline, validateMobile, validatePersonName, validateUrl } from '#domain/rules/validation';

const fail = (message: string) => ({ ok: false, message });
const ok = { ok: true };

describe('validateMobile', () => {
  it.each([
    ['', '手机号码不能为空'],
    ['   ', '手机号码不能为空'],
    ['1381234567', '手机号码长度不为11位'], // 10 digits
    ['138123456789', '手机号码长度不为11位'], // 12 digits
    [' 13812345678', '手机号码长度不为11位'], // white space is not trimmed
    ['21234567890', '手机号码格式不正确'], // does not start with 1
    ['1381234567a', '手机号码格式不正确'],
    ['１３８１２３４５６７８', '手机号码格式不正确'], // full-width digits
  ])('%j → %s', (value, message) => {
    expect(validateMobile(value)).toEqual(fail(message));
  });

  it('treats null and undefined as empty', () => {
    expect(validateMobile(null)).toEqual(fail('手机号码不能为空'));
    expect(validateMobile(undefined)).toEqual(fail('手机号码不能为空'));
  });

  it.each(['13812345678', '10000000000', '19999999999'])('accepts %s', (value) => {
    expect(validateMobile(value)).toEqual(ok);
  });
});

describe('validateLandline', () => {
  it.each(['0311-86012345', '010-1234567', '0311-8601234', '86012345', '8601234'])('accepts %s', (value) => {
    expect(validateLandline(value)).toEqual(ok);
  });

  it.each([
    '860123', // 6 digits
    '860123456', // 9 digits
    '03-86012345', // 2-digit area code
    '03111-86012345', // 5-digit area code
    '031186012345', // area code without the dash
    '0311 86012345',
    '0311-',
    '-86012345',
    '0311-8601234a',
  ])('refuses %s', (value) => {
    expect(validateLandline(value)).toEqual(fail('电话号码格式不正确'));
  });

  it('reports empty', () => {
    expect(validateLandline('')).toEqual(fail('电话号码不能为空'));
  });
});

describe('validatePersonName', () => {
  it.each(['张三', '李小龙', '欧阳娜娜', '𠀀𠀁'])('accepts %s', (value) => {
    expect(validatePersonName(value)).toEqual(ok);
  });

  it.each(['张', '诸葛孔明亮', 'Tom', '张 三', '阿·布', '张3', '㊀㊁'])('refuses %s', (value) => {
    expect(validatePersonName(value)).toEqual(fail('姓名须为2-4个汉字'));
  });

  it('reports empty', () => {
    expect(validatePersonName('')).toEqual(fail('姓名不能为空'));
  });
});

describe('validateFileName', () => {
  it.each(['report.pdf', '合同(2024)-终稿.docx', 'a b_c.txt'])('accepts %s', (value) => {
    expect(validateFileName(value)).toEqual(ok);
  });

  it.each(['a\\b', 'a/b', 'a:b', 'a*b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b'])(
    'refuses %j',
    (value) => {
      expect(validateFileName(value)).toEqual(fail('文件名不能包含特殊字符'));
    },
  );

  it.each(['a\tb', 'a\u0000b', 'a\u007fb', '合同\u202Efdp.exe', 'a\u200Bb.pdf'])('refuses the control or format character in %j', (value) => {
    expect(validateFileName(value)).toEqual(fail('文件名不能包含控制字符或不可见的格式字符'));
  });

  it('reports empty', () => {
    expect(validateFileName('')).toEqual(fail('文件名不能为空'));
  });
});

describe('validateUrl', () => {
  it.each([
    'https://www.hebcq.com',
    'http://www.hebcq.com/index?a=1#top',
    'HTTPS://WWW.HEBCQ.COM/',
    'http://127.0.0.1:8080/',
    'http://localhost:5173',
    'https://xn--fiqs8s.cn/path',
    'https://user@example.com.cn/a/b',
  ])('accepts %s', (value) => {
    expect(validateUrl(value)).toEqual(ok);
  });

  it.each([
    'ftp://example.com',
    'www.hebcq.com',
    'http://',
    'http://exa mple.com',
    'http://256.1.1.1',
    'http://example',
    'http://-example.com',
    'https://example.com:123456',
    'javascript:alert(1)',
  ])('refuses %s', (value) => {
    expect(validateUrl(value)).toEqual(fail('网址格式不正确'));
  });

  it('reports empty', () => {
    expect(validateUrl('')).toEqual(fail('网址不能为空'));
  });
});

describe('validateEmail', () => {
  it.each(['user@example.com', 'first.last+tag@mail.hebcq.com.cn', 'A_B-c@Example.ORG'])('accepts %s', (value) => {
    expect(validateEmail(value)).toEqual(ok);
  });

  it.each([
    'user@',
    '@example.com',
    'user@example',
    'user..name@example.com',
    '.user@example.com',
    'user.@example.com',
    'user@exa_mple.com',
    'user name@example.com',
    'user@@example.com',
    '用户@example.com',
  ])('refuses %s', (value) => {
    expect(validateEmail(value)).toEqual(fail('电子邮箱格式不正确'));
  });

  it('reports empty', () => {
    expect(validateEmail('')).toEqual(fail('电子邮箱不能为空'));
  });
});
