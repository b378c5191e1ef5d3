import { Pagination } from 'antd';

/** The list pager: hidden when everything fits on one page. */
export function Pager({ total, size, current, onChange }: { total: number; size: number; current: number; onChange: (page: number) => void }) {
  if (total <= size) return null;
  return (
    <div className="content-pager">
      <Pagination total={total} pageSize={size} current={current} onChange={onChange} showSizeChanger={false} showTotal={(t) => `共 ${t} 条`} />
    </div>
  );
}
