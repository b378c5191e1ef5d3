import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { projectHref, type ProjectRef } from '#domain/rules/listing';

/** A link to a project's page: the package page for packages, the detail page otherwise (projectHref). */
export function ProjectLink({
  project,
  children,
  ...anchor
}: { project: ProjectRef; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return (
    <a href={projectHref(project)} {...anchor}>
      {children}
    </a>
  );
}
