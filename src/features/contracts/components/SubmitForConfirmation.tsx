import { App, Button, Popconfirm } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { ContractDetail } from '#domain/contract/tradeContract';
import { submitContract, useContractUpdated } from '../api/contracts';

/** 提交各方确认: a drafting contract goes to the parties to read and confirm (no edits meanwhile). */
export function SubmitForConfirmation({ c, primary = false }: { c: ContractDetail; primary?: boolean }) {
  const { message } = App.useApp();
  const updated = useContractUpdated();
  const submit = useMutation({
    mutationFn: () => submitContract(c.id),
    onSuccess: async (next) => {
      void message.success('已提交各方确认');
      await updated(next);
    },
  });
  return (
    <Popconfirm title="提交后各方将阅读并确认合同，确认期间不能修改。确定提交？" onConfirm={() => submit.mutate()} okText="提交" cancelText="取消">
      <Button type={primary ? 'primary' : 'default'} loading={submit.isPending}>
        提交各方确认
      </Button>
    </Popconfirm>
  );
}
