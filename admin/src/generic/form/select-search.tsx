import { useTranslate } from '@refinedev/core';
import { type SelectProps, Typography } from 'antd';
import { useState } from 'react';
import { isTooShortToSearch } from '../list/server-search';

/**
 * The search of a select whose options the API searches: a text the trigram indexes cannot serve is not sent (the
 * API refuses it), so it is matched within the options already loaded, with a line above them that says why.
 * `serverText` is what to send ('' for such a text); `selectProps` go on the select.
 */
export function useSelectSearch(onSearch?: (text: string) => void) {
  const t = useTranslate();
  const [text, setText] = useState('');
  const tooShort = isTooShortToSearch(text);
  const selectProps: Pick<SelectProps, 'onSearch' | 'onOpenChange' | 'filterOption' | 'popupRender'> = {
    onSearch: (next) => {
      setText(next);
      onSearch?.(next);
    },
    onOpenChange: (open) => {
      if (!open) setText('');
    },
    filterOption: tooShort ? (input, option) => String(option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase()) : false,
    popupRender: (menu) =>
      tooShort ? (
        <>
          <Typography.Text type="warning" style={{ display: 'block', padding: '4px 12px' }}>
            {t('Type at least 3 letters or digits in a row to search')}
          </Typography.Text>
          {menu}
        </>
      ) : (
        menu
      ),
  };
  return { serverText: tooShort ? '' : text, selectProps };
}
