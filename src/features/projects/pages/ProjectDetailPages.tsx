/** A lot's detail pages, loaded lazily by src/routes/tree.tsx apart from the trading centre's other pages. */
import '@/styles/projects.css';
import { useParams } from '@tanstack/react-router';
import { ProjectDetailView } from '../components/ProjectDetailView';

/** Route params are text ('12' of /projectDetail/12.html); anything but a positive integer is no project. */
const toId = (param: string) => (/^\d{1,15}$/.test(param) ? Number(param) : NaN);

/** /projectDetail/{assetsId}.html: a single asset (projectType 0, 3). */
export function ProjectDetailPage() {
  const { assetsId } = useParams({ from: '/projectDetail/{$assetsId}.html' });
  return <ProjectDetailView key={assetsId} id={toId(assetsId)} />;
}

/** /projectPkg/{assetsId}.html: a package (projectType 1, 2) with its child assets. */
export function ProjectPkgPage() {
  const { assetsId } = useParams({ from: '/projectPkg/{$assetsId}.html' });
  return <ProjectDetailView key={assetsId} id={toId(assetsId)} />;
}

/** /projectToManageDetail/{id}.html: a managed (托管) project. */
export function ManagedProjectDetailPage() {
  const { id } = useParams({ from: '/projectToManageDetail/{$id}.html' });
  return <ProjectDetailView key={id} id={toId(id)} />;
}
