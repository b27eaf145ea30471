import { SearchOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';

/** Loaded when first opened: the header carries only its button and shortcut. */
const SearchDialog = lazy(() => import('./search-dialog'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's search across everything, opened by its button or Ctrl+K (⌘K on a Mac) anywhere in the admin. */
export function GlobalSearch() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button icon={<SearchOutlined />} onClick={show} data-testid="global-search" aria-keyshortcuts="Control+K Meta+K">
        {t('Search')} <Typography.Text type="secondary" keyboard>{isMac ? '⌘K' : 'Ctrl+K'}</Typography.Text>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
