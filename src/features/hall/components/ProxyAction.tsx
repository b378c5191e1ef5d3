import { useState } from 'react';
import { Button, Modal } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import type { BiddingMode } from '#domain/contract/hall';
import { PROXY_MODES, ProxyCeiling } from '@/components/ProxyCeiling';

/**
 * 代理出价 on a watch board row (docs/bidding.md "Proxy bidding"): a small action opening the bidder's own
 * ceiling of that lot, as in the room. Shown for a live lot of a mode with an ascending phase where he holds
 * a bid code; the ceiling is read only while the dialog is open.
 */
export function ProxyAction({ activityId, mode, assetsName, bidCount }: { activityId: number; mode: string; assetsName: string; bidCount: number }) {
  const [open, setOpen] = useState(false);
  if (!PROXY_MODES.has(mode as BiddingMode)) return null;
  return (
    <>
      <Button type="link" size="small" className="watch-proxy" icon={<RobotOutlined />} data-testid="watch-proxy" aria-label={`代理出价：${assetsName}`} title="代理出价" onClick={() => setOpen(true)} />
      <Modal open={open} title={`代理出价：${assetsName}`} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <p className="proxy-ceiling__reason">上限仅您本人可见；被超越时系统以最低有效加价自动为您出价，直至上限，关闭页面后仍有效。</p>
        {open && <ProxyCeiling activityId={activityId} bidCount={bidCount} />}
      </Modal>
    </>
  );
}
