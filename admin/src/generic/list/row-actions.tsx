import { CopyOutlined, DeleteOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import { getPath, type ResourceDef } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RowButton } from '../../components/row-button';
import { RowMenu } from '../../components/row-menu';
import { editPath } from '../../definitions/screens';
import { useAccess } from '../use-access';
import { useRecordActions } from './use-record-actions';

export interface RowActionOptions {
  /** where Edit goes; the generated edit route by default */
  editTo?: (record: BaseRecord) => string;
  /** a reason to disable Delete for this record (shown as the item's title) */
  deleteDisabled?: (record: BaseRecord) => boolean;
  duplicate?: boolean;
  /** false: no Delete in the menu (users are archived, never deleted from the list) */
  remove?: boolean;
}

/**
 * Edit, then Duplicate, Archive/Unarchive and Delete in a menu; each only when the user may. The hooks run once per
 * table, not once per row: Refine's hooks behind the actions match the route against every resource each time they
 * run, half a second for a page of 25 rows on a loaded machine.
 */
export function useRowActions(def: ResourceDef, options: RowActionOptions = {}): (record: BaseRecord) => ReactNode {
  const t = useTranslate();
  const navigate = useNavigate();
  const may = useAccess(def);
  const actions = useRecordActions(def);
  return (record) => {
    const id = String(record._id ?? record.id);
    const archived = getPath(record, 'meta.archived') === true;
    const items: MenuProps['items'] = [];
    if (may.create && options.duplicate !== false && def.duplicate !== false) items.push({ key: 'duplicate', icon: <CopyOutlined />, label: t('Duplicate'), onClick: () => actions.duplicate(record) });
    if (may.archive) {
      items.push(
        archived
          ? { key: 'unarchive', icon: <UndoOutlined />, label: t('Unarchive'), onClick: () => actions.archive([record], false) }
          : { key: 'archive', icon: <InboxOutlined />, label: t('Archive'), onClick: () => actions.archive([record], true) },
      );
    }
    if (may.remove && options.remove !== false) {
      items.push({ key: 'delete', icon: <DeleteOutlined />, danger: true, disabled: options.deleteDisabled?.(record), label: t('buttons.delete'), onClick: () => actions.remove(record) });
    }
    return (
      <span className="row-buttons" onClick={(event) => event.stopPropagation()}>
        {may.update && (
          <RowButton icon="edit" onClick={() => navigate(options.editTo ? options.editTo(record) : editPath(def, id))}>
            {t('buttons.edit')}
          </RowButton>
        )}
        {items.length > 0 && <RowMenu items={items} label={t('More actions')} />}
      </span>
    );
  };
}
