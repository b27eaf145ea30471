import { InboxOutlined, UndoOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Alert, Button, Space } from 'antd';
import { useRecordActions } from './use-record-actions';

/** Archive or unarchive the selected rows, after confirmation. */
export function SelectionBar({ def, selected, onDone }: { def: ResourceDef; selected: BaseRecord[]; onDone: () => void }) {
  const t = useTranslate();
  const actions = useRecordActions(def);
  if (selected.length === 0) return null;
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type="info"
      message={t('{{count}} selected', { count: selected.length })}
      action={
        <Space>
          <Button size="small" icon={<InboxOutlined />} onClick={() => actions.archive(selected, true, onDone)}>
            {t('Archive selected')}
          </Button>
          <Button size="small" icon={<UndoOutlined />} onClick={() => actions.archive(selected, false, onDone)}>
            {t('Unarchive selected')}
          </Button>
        </Space>
      }
    />
  );
}
