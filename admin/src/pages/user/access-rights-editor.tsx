import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ACCESS_SCOPES_BY_MODEL, type AccessEntry } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, Select, Space, Table } from 'antd';
import { AccessItemSelect } from './access-item-select';

const MODELS = Object.keys(ACCESS_SCOPES_BY_MODEL);
/** manage and publish cover every item of the model: they have no specific item */
const WITHOUT_ITEM = new Set(['manage', 'publish']);

/**
 * The access rights of a third-party user (part 2 section 5): view for every model; edit for page, video and
 * event; manage and publish for page and event only, with no specific item.
 */
export function AccessRightsEditor({ value, onChange }: { value: AccessEntry[]; onChange: (entries: AccessEntry[]) => void }) {
  const t = useTranslate();
  const change = (index: number, entry: Partial<AccessEntry>) =>
    onChange(value.map((current, at) => {
      if (at !== index) return current;
      const next = { ...current, ...entry };
      if (!ACCESS_SCOPES_BY_MODEL[next.accessModel].includes(next.accessScope)) next.accessScope = 'view';
      if (WITHOUT_ITEM.has(next.accessScope) || entry.accessModel) next.accessId = null;
      return next;
    }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<AccessEntry & { index: number }>
        rowKey="index"
        size="small"
        pagination={false}
        dataSource={value.map((entry, index) => ({ ...entry, index }))}
        columns={[
          {
            key: 'model',
            title: t('Model'),
            render: (_, entry) => <Select style={{ minWidth: 130 }} value={entry.accessModel} onChange={(accessModel) => change(entry.index, { accessModel })} options={MODELS.map((model) => ({ value: model, label: t(model) }))} />,
          },
          {
            key: 'scope',
            title: t('Scope'),
            render: (_, entry) => (
              <Select
                style={{ minWidth: 120 }}
                value={entry.accessScope}
                onChange={(accessScope) => change(entry.index, { accessScope })}
                options={ACCESS_SCOPES_BY_MODEL[entry.accessModel].map((scope) => ({ value: scope, label: t(scope) }))}
              />
            ),
          },
          {
            key: 'item',
            title: t('Item'),
            render: (_, entry) => (WITHOUT_ITEM.has(entry.accessScope) ? t('Every item') : <AccessItemSelect model={entry.accessModel} value={entry.accessId} onChange={(accessId) => change(entry.index, { accessId })} />),
          },
          {
            key: 'remove',
            render: (_, entry) => <Button size="small" icon={<DeleteOutlined />} aria-label={t('Remove')} onClick={() => onChange(value.filter((_, at) => at !== entry.index))} />,
          },
        ]}
      />
      <Button icon={<PlusOutlined />} onClick={() => onChange([...value, { accessModel: 'page', accessScope: 'view', accessId: null }])}>
        {t('Add access right')}
      </Button>
    </Space>
  );
}
