import { Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { setElderMode, useElderMode } from '@/lib/elderMode';

/** 长辈模式: larger type and higher contrast, a toggle button remembered per browser (src/lib/elderMode). */
export function ElderToggle() {
  const on = useElderMode();
  return (
    <Button
      type="link"
      size="small"
      className="site-topbar__elder"
      icon={<EyeOutlined />}
      aria-pressed={on}
      data-testid="elder-toggle"
      title={on ? '恢复标准字号与配色' : '放大字号、提高对比度'}
      onClick={() => setElderMode(!on)}
    >
      {on ? '标准模式' : '长辈模式'}
    </Button>
  );
}
