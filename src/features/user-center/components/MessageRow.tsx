import { Tag } from 'antd';
import type { MessageItem } from '#domain/contract/enrolment';

const KIND_COLOR: Partial<Record<MessageItem['kind'], string>> = { won: 'green', outbid: 'orange', failed: 'default', released: 'blue', deposit: 'cyan', enrolment: 'geekblue' };

/** One message in a list: unread dot, kind, title (to its detail) and time. */
export function MessageRow({ message }: { message: MessageItem }) {
  return (
    <li className={message.read ? 'uc-message' : 'uc-message uc-message--unread'}>
      <span>
        <span className={message.read ? 'uc-message__dot uc-message__dot--read' : 'uc-message__dot'} role={message.read ? undefined : 'img'} aria-label={message.read ? undefined : '未读'} />
        <Tag color={KIND_COLOR[message.kind]}>{message.kindText}</Tag>
        <a className="uc-message__title" href={`#/myMessageDetail?id=${message.id}`}>
          {message.title}
        </a>
      </span>
      <span className="uc-message__time tabular">{message.createTime}</span>
    </li>
  );
}

/**
 * Messages, newest first, as a plain list (antd 6 deprecates `List`; its successor `Listy` is a virtual
 * scroller, more than ten rows need).
 */
export function MessageList({ messages, emptyText }: { messages: readonly MessageItem[]; emptyText?: string }) {
  if (messages.length === 0 && emptyText) return <p className="uc-messages__empty">{emptyText}</p>;
  return (
    <ul className="uc-messages">
      {messages.map((m) => (
        <MessageRow key={m.id} message={m} />
      ))}
    </ul>
  );
}
