import { useState } from 'react';
import { Button, Segmented, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { QueryState } from '@/components/QueryState';
import { formatFileSize } from '#domain/rules/content';
import { useDownloads } from '../api/get-downloads';
import { FileIcon, fileHref } from '../components/Attachments';
import { ContentTitle } from '../components/ContentLayout';
import { Pager } from '../components/Pager';
import { CONTENT_PAGE_SIZE } from '../constants';
import '@/styles/portal-content.css';

const CATEGORIES = ['全部', '交易文书', '制度文件', '操作指南'] as const;

/** /xzzx: the download centre. Each file really downloads (Content-Disposition: attachment). */
export function DownloadsPage() {
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('全部');
  const [current, setCurrent] = useState(1);
  const downloads = useDownloads({ ...(category === '全部' ? {} : { category }), size: CONTENT_PAGE_SIZE, current });
  return (
    <div className="content-page">
      <ContentTitle
        extra={
          <Segmented
            options={[...CATEGORIES]}
            value={category}
            onChange={(value) => {
              setCategory(value as (typeof CATEGORIES)[number]);
              setCurrent(1);
            }}
          />
        }
      >
        下载中心
      </ContentTitle>
      <p className="content-lead">交易文书、制度文件和操作指南的最新版本。办理业务前请下载最新版本填写。</p>
      <QueryState query={downloads} isEmpty={(page) => page.total === 0} emptyHint="该分类暂无文件" rows={8}>
        {(page) => (
          <>
            <table className="download-table">
              <thead>
                <tr>
                  <th scope="col">文件名称</th>
                  <th scope="col">分类</th>
                  <th scope="col">格式</th>
                  <th scope="col">大小</th>
                  <th scope="col">发布日期</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {page.records.map((d) => (
                  <tr key={d.id}>
                    <td className="download-table__title">
                      <FileIcon type={d.fileType} />
                      <span>{d.title}</span>
                    </td>
                    <td>
                      <Tag>{d.category}</Tag>
                    </td>
                    <td className="download-table__type">{d.fileType.toUpperCase()}</td>
                    <td className="tabular">{formatFileSize(d.fileSize)}</td>
                    <td className="tabular">{d.publishDate.slice(0, 10)}</td>
                    <td>
                      <Button size="small" icon={<DownloadOutlined />} href={fileHref(d.url)} download={d.fileName} aria-label={`下载 ${d.title}`}>
                        下载
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager total={page.total} size={CONTENT_PAGE_SIZE} current={current} onChange={setCurrent} />
          </>
        )}
      </QueryState>
    </div>
  );
}
