import type { ChangeEvent, MouseEvent, ReactElement, ReactNode } from 'react';
import './row-checkbox.css';

interface SelectionCheckboxProps {
  checked?: boolean;
  disabled?: boolean;
  onClick?: (event: MouseEvent<HTMLInputElement>) => void;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  'aria-label'?: string;
}

/**
 * A row's selection checkbox as the browser's own, wired to antd's selection (a Table's `rowSelection.renderCell`):
 * antd's Checkbox gave each row of a page a style hook, a wave effect and contexts of its own. antd's handlers
 * read only the event's `nativeEvent` (shift-click selects a range), which the browser's event carries.
 */
export function plainSelectionCell(_checked: boolean, _record: unknown, _index: number, antdCheckbox: ReactNode): ReactNode {
  const { checked, disabled, onClick, onChange, 'aria-label': label } = (antdCheckbox as ReactElement<SelectionCheckboxProps>).props;
  return <input type="checkbox" className="row-check" checked={!!checked} disabled={disabled} aria-label={label} onClick={onClick} onChange={onChange} />;
}
