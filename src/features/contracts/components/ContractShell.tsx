import type { ReactNode } from 'react';
import { Alert, Descriptions, Tag } from 'antd';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { Money } from '@/components/Money';
import type { ContractDetail, ContractState } from '#domain/contract/tradeContract';
import { useContract } from '../api/contracts';

export const STATE_COLOR: Record<ContractState, string> = { drafting: 'default', confirming: 'gold', signing: 'blue', signed: 'cyan', sealed: 'green' };

/** The links between one contract's pages, shown as the steps the viewer may take now. */
function ContractNav({ c, here }: { c: ContractDetail; here: string }) {
  const links = [
    { href: `/confirm?id=${c.id}`, label: c.canConfirm ? '阅读并确认' : '合同全文' },
    ...(c.canEdit ? [{ href: `/edit?id=${c.id}`, label: '编辑约定条款' }, { href: `/onlineEdit?id=${c.id}`, label: '在线编辑' }] : []),
    { href: `/signatoryList?id=${c.id}`, label: '签署方' },
    ...(c.state === 'signing' || c.state === 'signed' || c.state === 'sealed' ? [{ href: `/usercenter/contract/sign?id=${c.id}`, label: c.canSign ? '去签署' : '签署进度' }] : []),
  ];
  return (
    <nav className="contract-nav" aria-label="合同操作">
      {links.map((l) => (
        <a key={l.href} href={`#${l.href}`} className={l.href.startsWith(here) ? 'contract-nav__item contract-nav__item--active' : 'contract-nav__item'}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}

/** One contract's page in the user centre: its facts, the steps, then the page's own content. */
export function ContractShell({ id, title, here, children }: { id: number | undefined; title: string; here: string; children: (c: ContractDetail) => ReactNode }) {
  const query = useContract(id);
  return (
    <UserCentreFrame title={title} extra={<a href="#/myContract">返回我的合同</a>}>
      {id === undefined ? (
        <Alert type="warning" showIcon title="缺少合同编号，请从“我的合同”进入" />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={{ href: '#/myContract', label: '返回我的合同' }}>
          {(c) => (
            <>
              <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="contract-facts">
                <Descriptions.Item label="合同">{`${c.title}（${c.contractCode}）`}</Descriptions.Item>
                <Descriptions.Item label="状态">
                  <Tag color={STATE_COLOR[c.state]}>{c.stateText}</Tag>
                  <span className="contract-facts__version">第 {c.version} 版</span>
                </Descriptions.Item>
                <Descriptions.Item label="项目">{c.assetsName}</Descriptions.Item>
                <Descriptions.Item label="成交价">
                  <Money yuan={c.price} />
                </Descriptions.Item>
              </Descriptions>
              <ContractNav c={c} here={here} />
              {children(c)}
            </>
          )}
        </QueryState>
      )}
    </UserCentreFrame>
  );
}
