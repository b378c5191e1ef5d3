import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Result } from '@/components/Result';

describe('Result', () => {
  it("draws antd Result's markup: the status's class and icon, the title, the subtitle, the actions", () => {
    const { container } = render(<Result status="success" title="提交成功" subTitle="请等待审核" extra={<button type="button">返回</button>} data-testid="done" />);
    const root = screen.getByTestId('done');
    expect(root).toHaveClass('ant-result', 'ant-result-success');
    expect(container.querySelector('.ant-result-icon [aria-label="check-circle"]')).not.toBeNull();
    expect(root.querySelector('.ant-result-title')).toHaveTextContent('提交成功');
    expect(root.querySelector('.ant-result-subtitle')).toHaveTextContent('请等待审核');
    expect(root.querySelector('.ant-result-extra')).toContainElement(screen.getByRole('button', { name: '返回' }));
  });

  it('is info by default, draws no empty parts, and takes another icon or none', () => {
    const { container, rerender } = render(<Result title="页面建设中" />);
    expect(container.firstChild).toHaveClass('ant-result-info');
    expect(container.querySelector('.ant-result-icon [aria-label="exclamation-circle"]')).not.toBeNull();
    expect(container.querySelector('.ant-result-subtitle, .ant-result-extra, .ant-result-body')).toBeNull();
    rerender(<Result status="error" title="失败" icon={null} />);
    expect(container.querySelector('.ant-result-icon')).toBeNull();
    expect(container.firstChild).toHaveClass('ant-result-error');
  });
});
