/**
 * The file- and folder-name rule both sides share (domain/rules/userFiles.ts): a name that hides what it is
 * — a right-to-left override turning "合同\u202Efdp.exe" into "合同exe.pdf" on screen, a zero-width
 * character, any other control or format character (Unicode Cc, Cf) — is refused with one Chinese
 * message, by the folder/file-name rule, the upload name rule and the browser's file check alike.
 */
import { describe, expect, it } from 'vitest';
import { folderNameProblem, invisibleCharactersProblem } from '#domain/rules/userFiles';
import { validateFileName } from '#domain/rules/validation';

const HIDING = [
  ['the right-to-left override', '合同\u202Efdp.exe'],
  ['the left-to-right override', 'a\u202Db.pdf'],
  ['a right-to-left isolate', 'a\u2067b.pdf'],
  ['the right-to-left mark', 'a\u200Fb.pdf'],
  ['a zero-width space', '合\u200B同.pdf'],
  ['a zero-width joiner', 'a\u200Db.pdf'],
  ['the byte-order mark', '\uFEFF合同.pdf'],
  ['a soft hyphen', 'con\u00ADtract.pdf'],
  ['a tab', 'a\tb.pdf'],
  ['a newline', '合同.pdf\n'],
  ['NUL', 'a\u0000b.pdf'],
  ['DEL', 'a\u007fb.pdf'],
  ['a C1 control', 'a\u0085b.pdf'],
  ['a tag character (outside the BMP)', 'a\u{E0041}b.pdf'],
] as const;

describe('names that hide what they are', () => {
  it.each(HIDING)('%s is refused as an upload’s file name, a file name and a folder name', (_what, name) => {
    expect(invisibleCharactersProblem(name)).toBe('文件名不能包含控制字符或不可见的格式字符');
    expect(folderNameProblem(name, '文件名称')).toBe('文件名称不能包含控制字符或不可见的格式字符');
    expect(folderNameProblem(name)).toBe('文件夹名称不能包含控制字符或不可见的格式字符');
    expect(validateFileName(name)).toEqual({ ok: false, message: '文件名不能包含控制字符或不可见的格式字符' });
  });

  it.each(['合同.pdf', '营业执照（副本）.pdf', 'Scan 2026-11-21.png', 'عقد.pdf', 'חוזה.pdf', '👍.png', '資料 ｜ 全角.pdf'])('accepts %s', (name) => {
    expect(invisibleCharactersProblem(name)).toBeNull();
    expect(validateFileName(name)).toEqual({ ok: true });
  });

  it('the other rules stand: empty, too long, reserved characters', () => {
    expect(folderNameProblem('  ')).toBe('文件夹名称不能为空');
    expect(folderNameProblem('a'.repeat(51))).toBe('文件夹名称不能超过50个字符');
    expect(folderNameProblem('a/b')).toBe('文件夹名称不能包含 \\ / : * ? " < > | 等字符');
    expect(folderNameProblem('资质材料')).toBeNull();
  });
});
