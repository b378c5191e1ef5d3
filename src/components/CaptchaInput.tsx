import { useCallback, useId } from 'react';
import { Input, Spin } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { AUTH_PATHS } from '#domain/contract/auth';
import { useCaptchaQuery, type CaptchaPath } from '@/api/resources/get-captcha';
import '@/styles/captcha.css';

export const CAPTCHA_PLACEHOLDER = '请输入图片验证码';

export interface Captcha {
  /** The uuid the server issued with the image ('' until loaded). */
  key: string;
  image: string | undefined;
  isLoading: boolean;
  isError: boolean;
  /** A new image (and key); the old one is void. */
  refresh: () => void;
}

/** One image captcha for one form. Single use: refresh it after every attempt that spent it. */
export function useCaptcha(path: CaptchaPath = AUTH_PATHS.captcha): Captcha {
  const owner = useId();
  const query = useCaptchaQuery(owner, path);
  const { refetch } = query;
  const refresh = useCallback(() => {
    void refetch();
  }, [refetch]);
  return {
    key: query.data?.key ?? '',
    image: query.data?.image,
    isLoading: query.isFetching,
    isError: query.isError,
    refresh,
  };
}

/** The captcha text box and its image; clicking the image loads a new one (spec section 5). */
export function CaptchaInput({
  captcha,
  value,
  onChange,
  id,
  size = 'large',
}: {
  captcha: Captcha;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  size?: 'large' | 'middle';
}) {
  return (
    <div className="captcha-input">
      <Input
        id={id}
        size={size}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={CAPTCHA_PLACEHOLDER}
        prefix={<SafetyCertificateOutlined />}
        maxLength={8}
        autoComplete="off"
        allowClear
      />
      <button
        type="button"
        className="captcha-input__image"
        onClick={captcha.refresh}
        title="看不清？点击刷新"
        aria-label="看不清？点击刷新验证码"
        data-testid="captcha-image"
      >
        {captcha.image && !captcha.isLoading ? (
          <img src={captcha.image} alt="图片验证码" />
        ) : captcha.isError ? (
          <span className="captcha-input__failed">加载失败，点击重试</span>
        ) : (
          <Spin size="small" />
        )}
      </button>
    </div>
  );
}
