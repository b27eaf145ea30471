import { isIndexableSearch } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Input, Tooltip } from 'antd';
import { useState } from 'react';

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
 * is not sent (the data provider leaves it out), so once such a text is searched the box says why the list is not
 * filtered, until the text changes.
 */
export function ServerSearch({ initial, onSearch, placeholder, width, ...rest }: ServerSearchProps) {
  const t = useTranslate();
  const [searched, setSearched] = useState(initial);
  const tooShort = searched.trim() !== '' && !isIndexableSearch(searched);
  return (
    <Tooltip open={tooShort} title={t('Type at least 3 letters or digits in a row to search')} placement="bottomLeft">
      <Input.Search
        allowClear
        {...rest}
        placeholder={placeholder}
        style={{ width }}
        status={tooShort ? 'warning' : undefined}
        defaultValue={initial}
        onChange={() => setSearched('')}
        onSearch={(text) => {
          setSearched(text);
          onSearch(text);
        }}
      />
    </Tooltip>
  );
}
