/**
 * After a four-eyes action was prepared (确认到账, 向转让方付款, 没收保证金): nothing has happened to the
 * money yet. It is carried out only when ANOTHER member holding the same permission approves it on 待复核;
 * the notice says so and links there.
 */
import { Alert } from 'antd';
import { Link } from '@tanstack/react-router';
import type { ApprovalItem } from '#domain/contract/staff';

export function FourEyesNotice({ item, onClose }: { item: ApprovalItem | null; onClose?: () => void }) {
  if (!item) return null;
  return (
    <Alert
      type="success"
      showIcon
      closable={onClose !== undefined}
      onClose={onClose}
      className="console-note"
      role="status"
      title={`已提交复核：${item.kindLabel}（复核单 #${item.id}）`}
      description={
        <>
          <div>{item.summary}</div>
          <div>
            尚未执行。须由另一位具有相同权限的工作人员在「待复核」中通过后才执行；您本人不能复核自己提交的操作。
            <Link to="/approvals">前往待复核</Link>
          </div>
        </>
      }
    />
  );
}

/** An item whose four-eyes action waits for the checker. */
export function PendingApprovalTag({ approvalId }: { approvalId: number | null }) {
  if (approvalId === null) return null;
  return (
    <div className="console-small">
      <Link to="/approvals">复核中（复核单 #{approvalId}）</Link>
    </div>
  );
}
