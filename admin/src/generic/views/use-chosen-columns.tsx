import { type ResourceDef, type SavedViewColumn, canSeeField, effectiveRights, fieldsByPath, getPath, isSortable, resolveField } from '@backoffice/resources';
import { getDefaultSortOrder } from '@refinedev/antd';
import { type BaseRecord, type CrudSort, useTranslate } from '@refinedev/core';
import type { TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { labelOf } from '../../definitions/screens';
import { useMe } from '../../providers/use-me';
import { FieldValue } from '../list/field-value';
import { ResizableHeaderCell } from './resizable-header-cell';

type Column = TableColumnType<BaseRecord>;

/** Kinds a table cell can show. */
const SHOWN_KINDS = new Set(['text', 'number', 'money', 'enum', 'boolean', 'unixTime', 'reference', 'image', 'localizedText', 'list']);

/** A column of a field the list does not show itself: its value as every list shows one, sortable where served. */
function fieldColumn(def: ResourceDef, path: string, sorters: readonly CrudSort[], t: (key: string) => string): Column {
  const field = resolveField(def, path);
  return {
    key: path,
    dataIndex: path.split('.'),
    title: t(labelOf(def, path)),
    sorter: isSortable(def, path),
    sortOrder: isSortable(def, path) ? getDefaultSortOrder(path, [...sorters]) : undefined,
    render: (_: unknown, record: BaseRecord) => <FieldValue field={field} value={getPath(record, path)} record={record} />,
  };
}

/**
 * The columns of a list as the person arranged them: which fields they see (among those they may read), in which
 * order and how wide. The list's own columns of fields keep their rendering; its other columns (a picture, actions,
 * an age worked out) keep their place before or after them. Null chosen: the list's own.
 */
export function useChosenColumns(def: ResourceDef, own: readonly Column[], sorters: readonly CrudSort[]) {
  const t = useTranslate();
  const me = useMe();
  const [chosen, setChosen] = useState<SavedViewColumn[] | null>(null);
  const isField = (key: unknown): key is string => typeof key === 'string' && resolveField(def, key) !== undefined;
  const ownFields = own.filter((column) => isField(column.key));
  const standard: SavedViewColumn[] = ownFields.map((column) => ({ path: column.key as string, ...(typeof column.width === 'number' && { width: column.width }) }));
  const rights = useMemo(() => effectiveRights(me?.rights ?? []), [me]);
  const offered = useMemo(() => {
    const readable = [...fieldsByPath(def)].filter(([, field]) => SHOWN_KINDS.has(field.kind) && canSeeField(field, rights)).map(([path]) => path);
    return [...new Set([...ownFields.map((column) => column.key as string), ...readable])];
    // the list's own columns change identity every render; their keys do not
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, rights, ownFields.map((column) => column.key).join()]);
  const shown = chosen ?? standard;
  const resize = (path: string, width: number) => setChosen(shown.map((column) => (column.path === path ? { ...column, width } : column)));
  // the list's other columns before its first field's (a picture) stay first, the rest (actions) after the fields
  const firstField = own.findIndex((column) => isField(column.key));
  const others = (before: boolean) => own.filter((column, index) => !isField(column.key) && (index < firstField) === before);
  const columns: Column[] = [
    ...others(true),
    ...shown.map(({ path, width }) => {
      const column = ownFields.find((candidate) => candidate.key === path) ?? fieldColumn(def, path, sorters, t);
      const shownWidth = width ?? (column.width as number | undefined);
      return { ...column, width: shownWidth, onHeaderCell: () => ({ width: shownWidth, onResize: (next: number) => resize(path, next) }) as never };
    }),
    ...others(false),
  ];
  return {
    columns,
    components: { header: { cell: ResizableHeaderCell } },
    /** the columns shown, in order, with their widths */
    shown,
    offered,
    isField,
    choose: setChosen,
    /** back to the list's own columns */
    reset: () => setChosen(null),
  };
}

export type ChosenColumns = ReturnType<typeof useChosenColumns>;
