import { useNavigate, useSearch } from '@tanstack/react-router';
import { PROJECT_NATURE } from '#domain/contract/projects';
import { FilterBar } from '../components/FilterBar';
import { ProjectResults } from '../components/ProjectResults';
import type { ProjectUrlSearch } from '../search';

/** The trading centre (/project): every listed project, searched and filtered through the URL. */
export function ProjectCentrePage() {
  const search: ProjectUrlSearch = useSearch({ from: '/project' });
  const navigate = useNavigate({ from: '/project' });
  const onChange = (next: ProjectUrlSearch) => void navigate({ search: next });
  return (
    <div className="projects-page">
      <h1 className="projects-page__title">交易中心</h1>
      <FilterBar search={search} onChange={onChange} />
      <ProjectResults search={search} onChange={onChange} />
    </div>
  );
}

/** State-owned asset trading (/gyzcProject): the centre's filters over projectNature 1. */
export function StateOwnedProjectsPage() {
  const search: ProjectUrlSearch = useSearch({ from: '/gyzcProject' });
  const navigate = useNavigate({ from: '/gyzcProject' });
  const onChange = (next: ProjectUrlSearch) => void navigate({ search: next });
  return (
    <div className="projects-page">
      <h1 className="projects-page__title">国有资产交易</h1>
      <p className="projects-page__lead">企业国有产权、国有实物资产及增资扩股项目，依法在产权交易机构公开进行。</p>
      <FilterBar search={search} onChange={onChange} />
      <ProjectResults search={search} onChange={onChange} fixed={{ projectNature: PROJECT_NATURE.stateOwned }} />
    </div>
  );
}
