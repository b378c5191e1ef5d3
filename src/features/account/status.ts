import { idDocumentTypeName, ID_DOCUMENT_TYPES } from '#domain';
import type { DictEntry, UserType } from '#domain/contract/auth';

export { authStatusLabel } from '#domain/rules/auth';

export const userTypeLabel = (userType: UserType | undefined) => (userType === 2 ? '机构用户' : '个人用户');

/** The verification page for a user type. */
export const verifyPathOf = (userType: UserType | undefined): '/realNameOrg' | '/realNamePerson' =>
  userType === 2 ? '/realNameOrg' : '/realNamePerson';

/** ID type options: the server's `id_type` dictionary, else the spec's table (section 3). */
export function idTypeOptions(entries: DictEntry[] | undefined): Array<{ value: number; label: string }> {
  const fromServer = (entries ?? [])
    .map((entry) => ({ value: Number(entry.dictKey), label: entry.dictValue }))
    .filter((option) => Number.isInteger(option.value) && option.value >= 0 && option.value <= 10 && option.label);
  if (fromServer.length) return fromServer;
  return ID_DOCUMENT_TYPES.map((type) => ({ value: type.code, label: type.name }));
}

export { idDocumentTypeName };
