import { useState } from 'react';
import { Badge, Button, Checkbox, Popover, Switch } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { REMINDER_CHOICES } from '#domain/rules/reminders';
import { notificationPermission, requestNotifications, setAlertPrefs, useAlertPrefs } from '@/lib/alertPrefs';
import { useLiveStream } from '@/live';

/** 提醒设置: the alert tone, the browser notification (asked only when the user clicks), lot reminders, and 出价前确认. */
function AlertSettings() {
  const prefs = useAlertPrefs();
  const [permission, setPermission] = useState(notificationPermission);
  return (
    <div className="alert-settings" data-testid="alert-settings">
      <label className="alert-settings__row">
        <span>出价被超越时提示音</span>
        <Switch size="small" checked={prefs.sound} onChange={(sound) => setAlertPrefs({ sound })} aria-label="提示音" />
      </label>
      <div className="alert-settings__row">
        <span>浏览器通知</span>
        {permission === 'granted' ? (
          <Switch size="small" checked={prefs.notify} onChange={(notify) => setAlertPrefs({ notify })} aria-label="浏览器通知" />
        ) : permission === 'denied' ? (
          <span className="alert-settings__note">已被浏览器禁止，请在浏览器设置中允许</span>
        ) : permission === 'unsupported' ? (
          <span className="alert-settings__note">当前浏览器不支持</span>
        ) : (
          <Button size="small" onClick={() => void requestNotifications().then(setPermission)}>
            开启
          </Button>
        )}
      </div>
      <label className="alert-settings__row">
        <span>出价前确认</span>
        <Switch size="small" checked={prefs.confirmBids} onChange={(confirmBids) => setAlertPrefs({ confirmBids })} aria-label="出价前确认" />
      </label>
      <div className="alert-settings__row alert-settings__row--stack">
        <span id="reminder-label">关注标的开始和结束前提醒</span>
        <Checkbox.Group
          aria-labelledby="reminder-label"
          value={prefs.reminders}
          onChange={(values) => setAlertPrefs({ reminders: [...values].sort((a, b) => b - a) })}
          options={REMINDER_CHOICES.map((m) => ({ value: m, label: `${m} 分钟` }))}
        />
      </div>
      <p className="alert-settings__hint">出价被超越时，页面右下角提示（在竞价室内显示于倒计时下方的提醒栏，不遮挡出价区），并可一键回到竞价室；收藏、报名和可进入竞价室的标的在开始和结束前按所选时间提醒。关闭出价前确认后，点击“出价”即提交出价金额框中的金额（默认为当前最低有效出价）。</p>
    </div>
  );
}

/** The header's unread messages (live from the worker's desk stream) and the alert settings. */
export function MessageBell({ token }: { token: string }) {
  const frame = useLiveStream('desk', null, { token });
  const unread = frame?.signal?.unread ?? 0;
  return (
    <span className="site-topbar__bell">
      <a
        href="#/myMessage"
        className="site-topbar__messages"
        data-testid="header-messages"
        data-unread={unread}
        aria-label={unread > 0 ? `我的消息，${unread} 条未读` : '我的消息'}
      >
        <BellOutlined />
        <span className="site-topbar__messages-label">消息</span>
        {/* The count in the line after the word (a badge floating over its corner covered the word). Hidden from
            assistive technology: the link's name says it, and while antd rolls a changed count each digit's
            column is in the DOM (axe then read the link's text as 消息 and a run of digits, not its name). */}
        {/* In a span of ours: the phone journey's axe once found the count in the link's text with aria-hidden given to the badge. */}
        {unread > 0 && (
          <span aria-hidden="true">
            <Badge count={unread} size="small" overflowCount={99} className="site-topbar__messages-count" data-testid="header-messages-count" />
          </span>
        )}
      </a>
      <Popover trigger="click" title="提醒设置" content={<AlertSettings />} placement="bottomRight">
        <Button type="link" size="small" className="site-topbar__alerts">
          提醒设置
        </Button>
      </Popover>
    </span>
  );
}
