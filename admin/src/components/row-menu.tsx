import { Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { RowButton } from './row-button';

/**
 * A row's menu behind its '⋮' button. The dropdown is made the first time the menu opens, not for every row of
 * every page: each holds observers and a popup of its own.
 */
export function RowMenu({ items, label }: { items: NonNullable<MenuProps['items']>; label: string }) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState(false);
  const button = (
    <RowButton
      icon="more"
      aria-label={label}
      data-testid="row-more"
      // once made, the dropdown opens and closes it
      onClick={
        made
          ? undefined
          : () => {
              setMade(true);
              setOpen(true);
            }
      }
    />
  );
  if (!made) return button;
  return (
    <Dropdown menu={{ items, onClick: () => setOpen(false) }} trigger={['click']} open={open} onOpenChange={setOpen}>
      {button}
    </Dropdown>
  );
}
