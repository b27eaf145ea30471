import { PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_FORMAT_LABELS, TEMPLATE_TRIGGERS, getPath } from '@backoffice/resources';
import { getDefaultSortOrder } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Segmented, Space } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { requireResource } from '../../definitions/screens';
import { ListFilters, filterValue } from '../../generic/list/list-filters';
import { useRowActions } from '../../generic/list/row-actions';
import { SelectableTable } from '../../generic/list/selectable-table';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { useAccess } from '../../generic/use-access';
import { FromTemplateButton } from './from-template-button';
import { TEMPLATE_KINDS, type TemplateKindKey, formatsOfKind } from './template-kinds';
import { RowTag } from '../../components/row-tag';

const labelOf = (labels: Record<string, string>, value: unknown) => (typeof value === 'string' ? (labels[value] ?? value) : '');

/** Templates overview (part 2 section 2): name, style, trigger, row actions; filtered by kind; 'From template' and 'Create'. */
export default function TemplateList() {
  const t = useTranslate();
  const navigate = useNavigate();
  const def = requireResource('template');
  const may = useAccess(def);
  const rowActions = useRowActions(def);
  const { tableProps, filters, sorters, applyFilters, setFilters, setSorters } = useResourceTable(def);
  const formats = (filterValue(filters, 'format', 'in') as string[] | undefined) ?? [];
  const kind = TEMPLATE_KINDS.find((entry) => formats.length > 0 && formatsOfKind(entry.key).join() === formats.join())?.key ?? 'all';
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    {
      key: 'name.full',
      dataIndex: ['name', 'full'],
      title: t('Name'),
      sorter: true,
      sortOrder: getDefaultSortOrder('name.full', sorters),
      render: (value, record) => (
        <>
          {String(value ?? '')} {getPath(record, 'meta.archived') === true && <RowTag>{t('Archived')}</RowTag>}
        </>
      ),
    },
    { key: 'format', title: t('Style'), render: (_, record) => t(labelOf(TEMPLATE_FORMAT_LABELS, record.format)) },
    { key: 'role', title: t('Automatic send trigger'), render: (_, record) => (record.role ? t(labelOf(TEMPLATE_TRIGGERS, record.role)) : '-') },
    { key: 'actions', title: t('table.actions'), width: 130, render: (_, record) => rowActions(record) },
  ]);
  return (
    <>
      <PageHeader
        title={t('Templates')}
        crumbs={[{ label: t('Communication') }, { label: t('Templates') }]}
        extra={
          may.create && (
            <Space>
              <FromTemplateButton />
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/company/template/create/edit')} data-testid="create">
                {t('buttons.create')}
              </Button>
            </Space>
          )
        }
      />
      <Card>
        <Segmented
          data-testid="kind-filter"
          style={{ marginBottom: 16 }}
          value={kind}
          onChange={(value) => applyFilters([{ field: 'format', operator: 'in', value: value === 'all' ? undefined : formatsOfKind(value as TemplateKindKey) }])}
          options={[{ value: 'all', label: t('All') }, ...TEMPLATE_KINDS.map((entry) => ({ value: entry.key, label: t(entry.label) }))]}
        />
        <ListFilters def={def} filters={filters} set={applyFilters} />
        <ListViewBar def={def} views={views} />
        <SelectableTable
          def={def}
          {...tableProps}
          {...views.tableProps}
        />
      </Card>
    </>
  );
}
