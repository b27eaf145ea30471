import { CopyOutlined, DeleteOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import { getPath } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RowButton } from '../../components/row-button';
import { RowMenu } from '../../components/row-menu';
import { requireResource } from '../../definitions/screens';
import { useRecordActions } from '../../generic/list/use-record-actions';
import { useAccess } from '../../generic/use-access';

/**
 * Per merchant: Edit, Live data, then Duplicate, Archive or Unarchive and Delete (spec part 1 section 2). The hooks
 * run once per list, each row's buttons are drawn from them.
 */
export function useMerchantActions(): (record: BaseRecord) => ReactNode {
  const t = useTranslate();
  const navigate = useNavigate();
  const def = requireResource('merchant');
  const may = useAccess(def);
  const actions = useRecordActions(def);
  return (record) => {
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
      <span className="row-buttons" onClick={(event) => event.stopPropagation()}>
        {may.update && <RowButton icon="edit" onClick={() => navigate(`/company/merchant/${id}/edit`)}>{t('buttons.edit')}</RowButton>}
        {may.read && <RowButton icon="chart" onClick={() => navigate(`/company/merchant/${id}/live`)}>{t('Live data')}</RowButton>}
        {items.length > 0 && <RowMenu items={items} label={t('More actions')} />}
      </span>
    );
  };
}
