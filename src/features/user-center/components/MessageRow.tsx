import { List, Tag } from 'antd';
import type { MessageItem } from '@/domain/enrolment';

const KIND_COLOR: Partial<Record<MessageItem['kind'], string>> = { won: 'green', outbid: 'orange', failed: 'default', released: 'blue', deposit: 'cyan', enrolment: 'geekblue' };

/** One message in a list: unread dot, kind, title (to its detail) and time. */
export function MessageRow({ message }: { message: MessageItem }) {
  return (
    <List.Item className={message.read ? 'uc-message' : 'uc-message uc-message--unread'} extra={<span className="tabular">{message.createTime}</span>}>
      <span>
        <span className={message.read ? 'uc-message__dot uc-message__dot--read' : 'uc-message__dot'} aria-label={message.read ? undefined : '未读'} />
        <Tag color={KIND_COLOR[message.kind]}>{message.kindText}</Tag>
        <a className="uc-message__title" href={`#/myMessageDetail?id=${message.id}`}>
          {message.title}
        </a>
      </span>
    </List.Item>
  );
}
