import { SearchOutlined } from '@ant-design/icons';
import { findResource, isIndexableSearch } from '@backoffice/resources';
import { type HttpError, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, type InputRef, List, Modal, Spin, Tag, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { editPath } from '../definitions/screens';
import { searchEverything } from './search-api';

/** Waits this long after the last key before searching. */
const TYPING_MS = 250;

/** The typed text once typing pauses. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * The search across everything: every model the person may read, searched as its own list searches, a few matches
 * each under the model's name; Enter or a click opens the record, the arrows choose.
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const input = useRef<InputRef>(null);
  const [chosen, setChosen] = useState(0);
  const q = useSettled(text.trim());
  const searchable = isIndexableSearch(q);
  const answer = useQuery({ queryKey: ['search-everything', q], queryFn: ({ signal }) => searchEverything(q, signal), enabled: open && searchable, staleTime: 10_000 });
  const groups = searchable ? (answer.data?.groups ?? []) : [];
  const matches = groups.flatMap((group) => group.records.map((record) => ({ ...record, model: group.model })));
  useEffect(() => setChosen(0), [answer.data]);
  const close = () => {
    onClose();
    setText('');
  };
  const go = (model: string, id: string) => {
    const def = findResource(model);
    if (!def) return;
    close();
    navigate(editPath(def, id));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setChosen((at) => Math.min(at + 1, matches.length - 1));
    else if (event.key === 'ArrowUp') setChosen((at) => Math.max(at - 1, 0));
    else if (event.key === 'Enter' && matches[chosen]) go(matches[chosen].model, matches[chosen]._id);
    else return;
    event.preventDefault();
  };
  return (
    <Modal open={open} onCancel={close} afterOpenChange={(shown) => shown && input.current?.focus()} footer={null} closable={false} width={640} destroyOnHidden styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}>
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('Search everything you may see')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKey}
        data-testid="global-search-input"
        allowClear
      />
      <Spin spinning={answer.isFetching}>
        <div style={{ marginTop: 12, minHeight: 48 }} data-testid="global-search-results">
          {!searchable && text.trim() && <Typography.Text type="secondary">{t('Type at least 3 letters or digits in a row to search')}</Typography.Text>}
          {searchable && answer.isError && <Typography.Text type="danger">{(answer.error as unknown as HttpError).message}</Typography.Text>}
          {searchable && answer.data && groups.length === 0 && <Empty description={t('Nothing found')} />}
          {groups.map((group) => (
            <List
              key={group.model}
              size="small"
              header={<Typography.Text strong>{t(findResource(group.model)?.labelPlural ?? group.label)}</Typography.Text>}
              dataSource={group.records}
              renderItem={(record) => {
                const index = matches.findIndex((match) => match.model === group.model && match._id === record._id);
                return (
                  <List.Item
                    key={record._id}
                    onClick={() => go(group.model, record._id)}
                    onMouseEnter={() => setChosen(index)}
                    style={{ cursor: 'pointer', paddingInline: 8, background: index === chosen ? 'rgba(22, 119, 255, 0.08)' : undefined }}
                    data-testid="global-search-result"
                  >
                    <span>{record.title}</span>
                    {record.archived && <Tag>{t('Archived')}</Tag>}
                  </List.Item>
                );
              }}
            />
          ))}
        </div>
      </Spin>
    </Modal>
  );
}
