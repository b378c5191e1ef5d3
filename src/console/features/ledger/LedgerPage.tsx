/**
 * 资金流水 · 账务核对: the books checked as `npm run ops -- ledger check` does (debits equal credits, no
 * negative balance, agreement with orders, deposits and withdrawals): 账本平衡 or each problem found; and a
 * user's available and frozen balance by login name. Reading only: nothing here moves money.
 */
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Money } from '@/components/Money';
import { fenToYuan } from '#domain/rules/money';
import { QueryArea } from '../../layout/RouteStates';
import { useBalance, useLedgerCheck } from './api';

function LedgerCheck() {
  const check = useLedgerCheck();
  return (
    <Card
      title="账务核对"
      aria-label="账务核对"
      extra={
        <Button icon={<ReloadOutlined />} loading={check.isFetching} onClick={() => void check.refetch()}>
          重新核对
        </Button>
      }
    >
      <QueryArea query={check}>
        {(answer) => (
          <>
            {answer.ok ? (
              <Alert type="success" showIcon title="账本平衡" description="借贷相等，无负余额，与订单、保证金、提现记录一致。" />
            ) : (
              <Alert
                type="error"
                showIcon
                title={`发现 ${answer.problems.length} 个问题`}
                description={
                  <ol className="ledger-problems">
                    {answer.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ol>
                }
              />
            )}
            <Descriptions
              className="console-section"
              size="small"
              column={3}
              items={[
                { key: 'entries', label: '记账凭证', children: <span className="tabular">{answer.entries} 笔</span> },
                { key: 'postings', label: '分录', children: <span className="tabular">{answer.postings} 条</span> },
                { key: 'total', label: '分录合计（借贷差额，应为零）', children: <Money yuan={fenToYuan(answer.totalFen)} exact /> },
              ]}
            />
          </>
        )}
      </QueryArea>
    </Card>
  );
}

function UserBalanceCard() {
  const [loginName, setLoginName] = useState<string | null>(null);
  const balance = useBalance(loginName);
  return (
    <Card title="用户余额" aria-label="用户余额" className="console-section">
      <Form layout="inline" aria-label="查询用户余额" onFinish={({ loginName: name }: { loginName: string }) => setLoginName(name.trim())}>
        <Form.Item name="loginName" label="登录名" rules={[{ required: true, whitespace: true, message: '请输入用户的登录名' }]}>
          <Input style={{ width: 240 }} placeholder="例如 demo_buyer" allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={balance.isFetching}>
            查询
          </Button>
        </Form.Item>
      </Form>
      <div className="console-section">
        {loginName === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="输入登录名查询其可用余额与冻结金额" />
        ) : (
          <QueryArea query={balance}>
            {(b) => (
              <Descriptions
                bordered
                size="small"
                column={3}
                items={[
                  { key: 'login', label: '登录名', children: <span className="console-mono">{b.loginName}</span> },
                  { key: 'available', label: '可用余额', children: <Money yuan={b.available} exact /> },
                  { key: 'frozen', label: '冻结金额', children: <Money yuan={b.frozen} exact /> },
                ]}
              />
            )}
          </QueryArea>
        )}
      </div>
    </Card>
  );
}

export function LedgerPage() {
  return (
    <div className="console-page">
      <h1 className="console-title">资金流水 · 账务核对</h1>
      <Typography.Paragraph type="secondary">只读：核对平台账本并查询用户余额，不会变动任何资金。</Typography.Paragraph>
      <LedgerCheck />
      <UserBalanceCard />
    </div>
  );
}

