import type { MouseEvent, ReactNode } from 'react';
import './row-button.css';
import './row-icons.css';

/** The icons a row button can show (row-icons.css). */
export type RowIcon = 'edit' | 'more' | 'whatsapp' | 'phone' | 'mail' | 'chart' | 'user' | 'copy' | 'redo' | 'file-text' | 'check' | 'code';

interface RowButtonProps {
  icon?: RowIcon;
  children?: ReactNode;
  /** an address outside the admin (mail, phone, a site): the button is a link there */
  href?: string;
  target?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  danger?: boolean;
  /** shown on hover: what an icon-only button does, or why it is disabled */
  title?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A small button of a table row or a card, looking like antd's small default button but drawn as plain elements: a
 * page of 25 rows has a hundred and more of them, and antd's Button (style hooks, wave effect, icon component, a
 * tooltip's observers around it) made up most of what the rows cost to render.
 */
export function RowButton({ icon, children, href, target, onClick, disabled, danger, title, ...rest }: RowButtonProps) {
  const className = ['row-button', danger && 'row-button-danger', !children && 'row-button-icon-only'].filter(Boolean).join(' ');
  const content = (
    <>
      {icon && <span className={`row-icon row-icon-${icon}`} aria-hidden="true" />}
      {children !== undefined && <span>{children}</span>}
    </>
  );
  if (href && !disabled) {
    return (
      <a className={className} href={href} target={target} rel={target ? 'noreferrer' : undefined} title={title} onClick={onClick} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={className} disabled={disabled} title={title} onClick={onClick} {...rest}>
      {content}
    </button>
  );
}
