import { theme } from 'antd';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';

interface SignInFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  icon: ReactNode;
  suffix?: ReactNode;
  error?: string;
}

/**
 * A labelled large text box with its message below, drawn with antd's tokens like antd's vertical form item:
 * antd's Input and Form bring their form library along, a sixth of the sign-in route's JavaScript.
 */
export function SignInField({ id, label, icon, suffix, error, ...input }: SignInFieldProps) {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const borderColor = error ? token.colorError : focused ? token.colorPrimary : token.colorBorder;
  const outline = error ? token.colorErrorOutline : token.controlOutline;
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {label}
      </label>
      <span
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: token.paddingXS,
          padding: `${token.paddingXS - 1}px ${token.paddingSM - 1}px`,
          border: `${token.lineWidth}px solid ${borderColor}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: focused ? `0 0 0 ${token.controlOutlineWidth}px ${outline}` : undefined,
          background: input.disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
          transition: `all ${token.motionDurationMid}`,
        }}
      >
        <span style={{ color: token.colorTextTertiary, display: 'flex' }}>{icon}</span>
        <input
          id={id}
          {...input}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          style={{ flex: 1, minWidth: 0, border: 0, outline: 'none', padding: 0, background: 'transparent', color: token.colorText, font: 'inherit', fontSize: token.fontSizeLG, lineHeight: token.lineHeightLG }}
        />
        {suffix}
      </span>
      {error && (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, marginTop: 4 }}>
          {error}
        </div>
      )}
    </div>
  );
}
