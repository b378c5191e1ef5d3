import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { Money } from '@/components/Money';
import { useSummary } from '../api/get-summary';
import { MessageList } from '../components/MessageRow';

/** /usercenterIndex: 用户中心 — my enrolments, deposits, live rooms and messages at a glance. */
export function UserCenterIndexPage() {
  const query = useSummary();
  return (
    <UserCentreFrame title="用户中心">
      <QueryState query={query} isEmpty={() => false}>
        {(s) => (
          <>
            <div className="uc-stats">
              <a className="uc-stat" href="#/myProject">
                <div className="uc-stat__label">我的报名</div>
                <div className="uc-stat__value">{s.enrolments.total}</div>
                <div className="uc-stat__hint">
                  待审核 {s.enrolments.pendingReview} · 待缴保证金 {s.enrolments.depositPending}
                </div>
              </a>
              <a className="uc-stat" href="#/myDeposit">
                <div className="uc-stat__label">我的保证金</div>
                <div className="uc-stat__value">{s.deposits.total}</div>
                <div className="uc-stat__hint">已缴 <Money yuan={s.deposits.confirmedAmount} /></div>
              </a>
              <a className="uc-stat" href="#/myProject?list=2">
                <div className="uc-stat__label">正在竞价</div>
                <div className="uc-stat__value">{s.liveRooms}</div>
                <div className="uc-stat__hint">已取得资格 {s.enrolments.qualified} 项</div>
              </a>
              <a className="uc-stat" href="#/myMessage">
                <div className="uc-stat__label">未读消息</div>
                <div className="uc-stat__value">{s.unreadMessages}</div>
                <div className="uc-stat__hint">查看全部消息</div>
              </a>
            </div>
            <div className="uc-section-title">最新消息</div>
            <MessageList messages={s.recentMessages} emptyText="暂无消息" />
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}
