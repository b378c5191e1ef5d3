import { Pagination } from 'antd';
import { Result } from '@/components/Result';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QueryState, WayBackActions } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { useMessage } from '../api/get-message';
import { useMessages } from '../api/get-messages';
import { MessageList } from '../components/MessageRow';

const PAGE_SIZE = 10;
const MY_MESSAGES = { href: '#/myMessage', label: '返回我的消息' };

/** /myMessage: 我的消息 — approval, rejection, deposit, outbid, won, released … newest first. */
export function MyMessagePage() {
  const { current = 1 } = useSearch({ from: '/_auth/myMessage' });
  const navigate = useNavigate();
  const query = useMessages(current, PAGE_SIZE);
  return (
    <UserCentreFrame title="我的消息" extra={query.data ? <span>未读 {query.data.unread} 条</span> : undefined}>
      <QueryState query={query} isEmpty={(p) => p.total === 0}>
        {(page) => (
          <>
            <MessageList messages={page.records} />
            {page.total > PAGE_SIZE && (
              <Pagination style={{ marginTop: 16 }} current={current} pageSize={PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(p) => void navigate({ href: `/myMessage?current=${p}` })} />
            )}
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}

/** /myMessageDetail?id=: one message (reading it marks it read). */
export function MyMessageDetailPage() {
  const { id = null } = useSearch({ from: '/_auth/myMessageDetail' });
  const query = useMessage(id);
  const queryClient = useQueryClient();
  const read = query.isSuccess;
  useEffect(() => {
    // The list's unread marks and counts changed on the server.
    if (read) void queryClient.invalidateQueries({ queryKey: ['user-center', 'messages'] });
  }, [read, queryClient]);
  return (
    <UserCentreFrame title="消息详情" extra={<a href="#/myMessage">返回我的消息</a>}>
      {id === null ? (
        <Result status="warning" title="缺少消息编号" extra={<WayBackActions back={MY_MESSAGES} />} />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={MY_MESSAGES}>
          {(m) => (
            <article className="uc-message-detail">
              <h2 style={{ fontSize: 18, margin: '0 0 6px' }}>{m.title}</h2>
              <div className="uc-room__meta">
                {m.kindText} · {m.createTime}
              </div>
              <p style={{ marginTop: 16, lineHeight: 1.8 }}>{m.content}</p>
              {m.link && <a href={`#${m.link}`}>查看相关内容</a>}
            </article>
          )}
        </QueryState>
      )}
    </UserCentreFrame>
  );
}
