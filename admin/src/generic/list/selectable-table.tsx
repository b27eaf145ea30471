import type { ResourceDef } from '@backoffice/resources';
import type { BaseRecord } from '@refinedev/core';
import { Table, type TableProps } from 'antd';
import { useState } from 'react';
import { plainSelectionCell } from '../../components/row-checkbox';
import { useAccess } from '../use-access';
import { SelectionBar } from './selection-bar';

const rowId = (record: BaseRecord) => String(record._id ?? record.id);

/** A resource table whose rows can be selected to archive or unarchive them (when the user may), its bar above. */
export function SelectableTable({ def, ...props }: { def: ResourceDef } & TableProps<BaseRecord>) {
  const may = useAccess(def);
  const [selected, setSelected] = useState<BaseRecord[]>([]);
  return (
    <>
      {may.archive && <SelectionBar def={def} selected={selected} onDone={() => setSelected([])} />}
      <Table<BaseRecord>
        rowKey={rowId}
        size="middle"
        rowSelection={may.archive ? { selectedRowKeys: selected.map(rowId), onChange: (_, rows) => setSelected(rows), renderCell: plainSelectionCell } : undefined}
        {...props}
      />
    </>
  );
}
