import { CopyOutlined, DeleteOutlined, EditOutlined, InboxOutlined, LineChartOutlined, MoreOutlined, UndoOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Button, Dropdown, type MenuProps, Space } from 'antd';
import { useNavigate } from 'react-router';
import { requireResource } from '../../definitions/screens';
import { useRecordActions } from '../../generic/list/use-record-actions';
import { useAccess } from '../../generic/use-access';

/** Per merchant: Edit, Live data, then Duplicate, Archive or Unarchive and Delete (spec part 1 section 2). */
export function MerchantActions({ record }: { record: BaseRecord }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const def = requireResource('merchant');
  const may = useAccess(def);
  const actions = useRecordActions(def);
  const id = String(record._id ?? record.id);
  const archived = getPath(record, 'meta.archived') === true;
  const items: MenuProps['items'] = [];
  if (may.create) items.push({ key: 'duplicate', icon: <CopyOutlined />, label: t('Duplicate'), onClick: () => actions.duplicate(record) });
  if (may.archive) {
    items.push(archived
      ? { key: 'unarchive', icon: <UndoOutlined />, label: t('Unarchive'), onClick: () => actions.archive([record], false) }
      : { key: 'archive', icon: <InboxOutlined />, label: t('Archive'), onClick: () => actions.archive([record], true) });
  }
  if (may.remove) items.push({ key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('buttons.delete'), onClick: () => actions.remove(record) });
  return (
    <Space size={4} wrap onClick={(event) => event.stopPropagation()}>
      {may.update && <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/company/merchant/${id}/edit`)}>{t('buttons.edit')}</Button>}
      {may.read && <Button size="small" icon={<LineChartOutlined />} onClick={() => navigate(`/company/merchant/${id}/live`)}>{t('Live data')}</Button>}
      {items.length > 0 && (
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button size="small" icon={<MoreOutlined />} aria-label={t('More actions')} data-testid="row-more" />
        </Dropdown>
      )}
    </Space>
  );
}
