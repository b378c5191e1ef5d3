/** 路演: every lot's roadshows (竞价 and 内容 staff), or one lot's (?assetsId=). */
import { useSearch } from '@tanstack/react-router';
import { RoadshowsCard } from '../../components/roadshows/RoadshowsCard';

export function RoadshowsPage() {
  const { assetsId } = useSearch({ from: '/staff/roadshows' });
  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1 className="console-title">路演</h1>
      </div>
      <RoadshowsCard assetsId={assetsId} />
    </div>
  );
}
