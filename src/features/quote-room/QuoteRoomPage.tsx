import '@/styles/quote-room.css';
import { useSearch } from '@tanstack/react-router';
import { QuoteRoom } from './components/QuoteRoom';
import { RoomNotFound } from './components/RoomStates';

/** /quoteHall?activityId=…: the bidding room. */
export function QuoteRoomPage() {
  const { activityId } = useSearch({ from: '/_auth/quoteHall' });
  if (!activityId) return <RoomNotFound detail="缺少竞价活动编号，请从竞价大厅或项目详情进入竞价室。" />;
  // Keyed: another activity starts a fresh room (its own flash and extension baselines).
  return <QuoteRoom key={activityId} activityId={activityId} />;
}
