/**
 * An item's detail in a drawer (the 财务 queues): the item's query through QueryArea (skeleton, error with
 * 重试), its content in a region named by the drawer's title. Closed while no item is open.
 */
import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryArea } from '../layout/RouteStates';

export function DetailDrawer<T>({
  title,
  open,
  onClose,
  query,
  size = 720,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  query: UseQueryResult<T>;
  size?: number;
  children: (item: T) => ReactNode;
}) {
  return (
    <Drawer open={open} size={size} title={title} onClose={onClose} destroyOnHidden>
      <QueryArea query={query}>{(item) => <div aria-label={title}>{children(item)}</div>}</QueryArea>
    </Drawer>
  );
}
