import { ArrowDownOutlined, ArrowUpOutlined, ColumnWidthOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, Checkbox, Popover, Space } from 'antd';
import { labelOf } from '../../definitions/screens';
import type { ChosenColumns } from './use-chosen-columns';

/** Which of the fields the person may read the list shows, and in which order (widths are dragged on the headers). */
export function ColumnChooser({ def, columns }: { def: ResourceDef; columns: ChosenColumns }) {
  const t = useTranslate();
  const { shown, offered, choose, reset } = columns;
  const shownPaths = shown.map((column) => column.path);
  const toggle = (path: string, on: boolean) => choose(on ? [...shown, { path }] : shown.filter((column) => column.path !== path));
  const move = (index: number, by: -1 | 1) => {
    const next = [...shown];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    choose(next);
  };
  const hidden = offered.filter((path) => !shownPaths.includes(path));
  const content = (
    <div style={{ maxHeight: 360, overflowY: 'auto', minWidth: 260 }} data-testid="column-chooser">
      {shown.map(({ path }, index) => (
        <Space key={path} style={{ display: 'flex', justifyContent: 'space-between' }} data-testid={`column-${path}`}>
          <Checkbox checked onChange={() => toggle(path, false)}>{t(labelOf(def, path))}</Checkbox>
          <span>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('Move up')} />
            <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === shown.length - 1} onClick={() => move(index, 1)} aria-label={t('Move down')} />
          </span>
        </Space>
      ))}
      {hidden.map((path) => (
        <div key={path} data-testid={`column-${path}`}>
          <Checkbox checked={false} onChange={() => toggle(path, true)}>{t(labelOf(def, path))}</Checkbox>
        </div>
      ))}
      <Button size="small" type="link" onClick={reset} style={{ paddingLeft: 0 }}>{t('The list’s own columns')}</Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} title={t('Columns')}>
      <Button icon={<ColumnWidthOutlined />} data-testid="choose-columns">{t('Columns')}</Button>
    </Popover>
  );
}
