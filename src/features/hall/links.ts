import { isPackageProject } from '@/domain/listing';

/** A lot's project page (spec section 3): packages (projectType 1, 2) and single assets differ. */
export function projectHref(row: { assetsId: number; projectType: number }): string {
  return isPackageProject(row.projectType) ? `#/projectPkg/${row.assetsId}.html` : `#/projectDetail/${row.assetsId}.html`;
}
