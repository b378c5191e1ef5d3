import { useMemo } from 'react';
import { Alert, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AgreementNotice } from '#domain/contract/auth';
import { sanitizeHtml } from '../sanitize';

/** The agreement text (sanitised again before rendering), with its loading and error states. */
export function AgreementContent({ notice }: { notice: UseQueryResult<AgreementNotice> }) {
  const html = useMemo(() => (notice.data ? sanitizeHtml(notice.data.content) : ''), [notice.data]);
  if (notice.isPending) return <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  if (notice.isError) return <Alert type="warning" showIcon title={notice.error.message || '协议内容加载失败'} />;
  return (
    <div className="agreement-text" tabIndex={0}>
      {notice.data.version && <p className="agreement-text__version">版本：{notice.data.version}</p>}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
