import { getPath, isSortable, resolveField, type ResourceDef } from '@backoffice/resources';
import { getDefaultSortOrder } from '@refinedev/antd';
import type { BaseRecord, CrudSort } from '@refinedev/core';
import type { TableColumnType } from 'antd';
import { Link } from 'react-router';
import { editPath, labelOf } from '../../definitions/screens';
import { FieldValue } from './field-value';

/** Table columns from the definition's list columns; the title column links to the edit screen. */
export function buildColumns(def: ResourceDef, sorters: CrudSort[], t: (key: string) => string, canEdit: boolean): TableColumnType<BaseRecord>[] {
  return def.list.columns.map((path) => {
    const field = resolveField(def, path);
    const linked = canEdit && path === def.titlePath;
    return {
      key: path,
      dataIndex: path.split('.'),
      title: t(labelOf(def, path)),
      sorter: isSortable(def, path),
      sortOrder: isSortable(def, path) ? getDefaultSortOrder(path, sorters) : undefined,
      render: (value: unknown, record: BaseRecord) => {
        const shown = <FieldValue field={field} value={value ?? getPath(record, path)} record={record} />;
        return linked ? <Link to={editPath(def, String(record._id ?? record.id))}>{shown}</Link> : shown;
      },
    };
  });
}
