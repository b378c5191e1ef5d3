import { passwordStrength, passwordStrengthLabel } from '#domain';

const LEVEL_CLASS = { 弱: 'weak', 中: 'medium', 强: 'strong' } as const;

/** The spec's strength score (0–4) as guidance under a new-password field; hidden while it is empty. */
export function PasswordStrengthMeter({ password }: { password: string | undefined }) {
  if (!password) return null;
  const score = passwordStrength(password);
  const label = passwordStrengthLabel(score);
  return (
    <div className={`pw-meter pw-meter--${LEVEL_CLASS[label]}`} data-score={score} data-testid="password-strength">
      <span className="pw-meter__bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={bar <= score ? 'pw-meter__bar pw-meter__bar--on' : 'pw-meter__bar'} />
        ))}
      </span>
      <span className="pw-meter__label" aria-live="polite">
        密码强度：{label}
      </span>
      <span className="pw-meter__hint">建议同时使用大小写字母、数字和符号</span>
    </div>
  );
}
