import { App, Button } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postCollectAdd } from '../api/post-collect-add';
import { postCollectCancel } from '../api/post-collect-cancel';

/**
 * 收藏 / 已收藏. Adding is always sent, logged in or not: an anonymous add answers 401 and the error
 * catalogue shows 用户未登录 with 去登录 (→ /login?redirect=<this page>). Failures are already shown by the
 * client, so nothing more is said here. The button stays busy until the lists and the detail are fresh.
 */
export function FavouriteButton({
  assetsId,
  collected,
  size = 'middle',
}: {
  assetsId: number;
  collected: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (add: boolean) => (add ? postCollectAdd(assetsId) : postCollectCancel(assetsId)),
    onSuccess: async (_answer, add) => {
      void message.success(add ? '收藏成功' : '已取消收藏');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects', 'collect'] }),
        queryClient.invalidateQueries({ queryKey: ['projects', 'detail', assetsId] }),
      ]);
    },
  });
  return (
    <Button
      size={size}
      className={`favourite-button${collected ? ' favourite-button--on' : ''}`}
      icon={collected ? <HeartFilled /> : <HeartOutlined />}
      loading={toggle.isPending}
      aria-pressed={collected}
      title={collected ? '取消收藏' : '加入收藏'}
      onClick={() => toggle.mutate(!collected)}
    >
      {collected ? '已收藏' : '收藏'}
    </Button>
  );
}
