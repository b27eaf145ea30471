import { isIndexableSearch } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Input, Tooltip } from 'antd';
import { useState } from 'react';

/** A text entered but too short for the trigram indexes: the API refuses it, so the admin does not send it. */
export const isTooShortToSearch = (text: string) => text.trim() !== '' && !isIndexableSearch(text);

export interface ServerSearchProps {
  /** the text the list is searched by now (from the URL) */
  initial: string;
  onSearch: (text: string) => void;
  placeholder: string;
  width: number;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A search box whose text the API matches through trigram indexes. A text without three letters or digits in a row
 * is not sent (the data provider leaves it out), so once such a text is searched the box turns amber, until the text
 * changes, and says why while it has the focus or the pointer (a hint left open would float above any dialog).
 */
export function ServerSearch({ initial, onSearch, placeholder, width, ...rest }: ServerSearchProps) {
  const t = useTranslate();
  const [searched, setSearched] = useState(initial);
  const [focused, setFocused] = useState(false);
  const tooShort = isTooShortToSearch(searched);
  return (
    <Tooltip open={tooShort ? focused || undefined : false} title={t('Type at least 3 letters or digits in a row to search')} placement="bottomLeft">
      <Input.Search
        allowClear
        {...rest}
        placeholder={placeholder}
        style={{ width }}
        status={tooShort ? 'warning' : undefined}
        defaultValue={initial}
        onChange={() => setSearched('')}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onSearch={(text) => {
          setSearched(text);
          onSearch(text);
        }}
      />
    </Tooltip>
  );
}
