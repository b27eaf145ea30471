import { ACCESS_SCOPES_BY_MODEL, type AccessEntry } from '@backoffice/resources';
import { useNotification, useTranslate } from '@refinedev/core';
import { Button, Card, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { mergeEditedList } from '../../generic/form/merge-list';
import { messageOf } from '../finance/finance-api';
import { AccessRightsEditor } from './access-rights-editor';
import { saveAccessRights, usersApi } from './users-api';

const accessKey = (entry: AccessEntry) => `${entry.accessModel} ${entry.accessScope} ${entry.accessId ?? ''}`;

/** Batch add (super): ids separated by commas or whitespace; the API keeps the existing ones, each once. */
function BatchAddAccess({ userId, onAdded }: { userId: string; onAdded: () => void }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [accessModel, setModel] = useState('page');
  const [accessScope, setScope] = useState('view');
  const [ids, setIds] = useState('');
  const add = async () => {
    try {
      const answer = await usersApi.addAccessRights(userId, { accessModel, accessScope, ids });
      if (answer.added === 0) notify?.({ type: 'progress', message: t('Added no rights') });
      else {
        notify?.({ type: 'success', message: t('Added {{count}} rights', { count: answer.added }) });
        setIds('');
        onAdded();
      }
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) });
    }
  };
  return (
    <Card size="small" title={t('Batch add')} data-testid="access-batch">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Select value={accessModel} onChange={(model) => { setModel(model); setScope('view'); }} options={Object.keys(ACCESS_SCOPES_BY_MODEL).map((model) => ({ value: model, label: t(model) }))} style={{ minWidth: 130 }} />
          <Select value={accessScope} onChange={setScope} options={ACCESS_SCOPES_BY_MODEL[accessModel].filter((scope) => scope === 'view' || scope === 'edit').map((scope) => ({ value: scope, label: t(scope) }))} style={{ minWidth: 110 }} />
        </Space>
        <Input.TextArea rows={3} value={ids} onChange={(event) => setIds(event.target.value)} placeholder={t('Ids separated by commas or spaces')} aria-label={t('Ids')} />
        <Button onClick={add} disabled={!ids.trim()}>{t('Add')}</Button>
      </Space>
    </Card>
  );
}

/** Third-party access tab of the user edit page (non-anonymous users): the access rights per model. */
export function ThirdPartyAccessTab({ userId, initial, isSuper, reload }: { userId: string; initial: AccessEntry[]; isSuper: boolean; reload: () => void }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [entries, setEntries] = useState<AccessEntry[]>(initial);
  const [loaded, setLoaded] = useState<AccessEntry[]>(initial);
  // the user was loaded again (after a batch add, a save elsewhere): its rights merge into what is on screen
  if (JSON.stringify(loaded) !== JSON.stringify(initial)) {
    setLoaded(initial);
    setEntries(mergeEditedList(loaded, entries, initial, accessKey));
  }
  const save = () =>
    saveAccessRights(userId, entries).then(
      () => notify?.({ type: 'success', message: t('Successfully saved') }),
      (error) => notify?.({ type: 'error', message: t(messageOf(error, 'Error while saving')) }),
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <AccessRightsEditor value={entries} onChange={setEntries} />
      <Button type="primary" onClick={save} data-testid="access-save">{t('buttons.save')}</Button>
      {isSuper && <BatchAddAccess userId={userId} onAdded={reload} />}
    </Space>
  );
}
