/** The trading centre's pages, loaded lazily by src/routes/tree.tsx as one chunk (a lot's detail pages also alone). */
import '@/styles/projects.css';

export { ProjectCentrePage, StateOwnedProjectsPage } from './ProjectSearchPages';
export { ManagedProjectDetailPage, ProjectDetailPage, ProjectPkgPage } from './ProjectDetailPages';
export { MyCollectPage } from './MyCollectPage';
