import { Button } from 'antd';
import { Result } from '@/components/Result';

/** The spec's under-construction page (/doing), shown by every route whose page is not built yet. */
export function DoingPage() {
  return (
    <div className="page-doing">
      <Result
        status="info"
        title="页面建设中"
        subTitle="该栏目正在建设中，敬请期待。如需办理相关业务，请联系我所业务部门。"
        extra={
          <Button type="primary" href="#/index">
            返回首页
          </Button>
        }
      />
    </div>
  );
}
