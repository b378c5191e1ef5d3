import { useContext, type HTMLAttributes, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// Result's own style hook, without Result's module: it registers the theme's Result tokens (the title's size
// and the icons' colours, larger in 长辈模式) for the prebuilt rules to read, as antd's Result does.
import useResultStyle from 'antd/es/result/style';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';

/** The statuses drawn with an icon (antd's Result draws 403/404/500 with illustrations instead). */
export type ResultStatus = 'success' | 'error' | 'info' | 'warning';

const ICONS: Record<ResultStatus, ReactNode> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  info: <ExclamationCircleFilled />,
  warning: <WarningFilled />,
};

export interface ResultProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  status?: ResultStatus;
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** Another icon than the status's; null for none. */
  icon?: ReactNode;
}

/**
 * A page's or a block's outcome (done, failed, nothing here): antd's Result as it draws these four statuses,
 * its markup and classes (so its styles apply), without its module. That module carries the 403/404/500
 * illustrations, 33 kB of script that every page's first load paid for (the home page's blocks and live
 * tables show a Result when they fail). A page that shows an illustration (项目不存在) keeps antd's own.
 */
export function Result({ status = 'info', title, subTitle, extra, icon, className, children, ...rest }: ResultProps) {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('result');
  const [hashId, cssVarClass] = useResultStyle(prefix);
  const shown = icon === undefined ? ICONS[status] : icon;
  return (
    <div {...rest} className={[prefix, `${prefix}-${status}`, hashId, cssVarClass, className].filter(Boolean).join(' ')}>
      {shown !== null && shown !== false && <div className={`${prefix}-icon`}>{shown}</div>}
      {title != null && title !== false && <div className={`${prefix}-title`}>{title}</div>}
      {subTitle != null && subTitle !== false && <div className={`${prefix}-subtitle`}>{subTitle}</div>}
      {extra != null && extra !== false && <div className={`${prefix}-extra`}>{extra}</div>}
      {children != null && children !== false && <div className={`${prefix}-body`}>{children}</div>}
    </div>
  );
}
