import { SMS_STATE_LABELS, getPath } from '@backoffice/resources';
import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Card, Table } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { requireResource } from '../../definitions/screens';
import { ListSearch } from '../../generic/list/list-filters';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { RecipientCell } from './recipient';
import { StateHistory } from './state-history';

/** SMS overview (spec part 1 section 2): template name, recipient phone and state history, newest first. */
export default function SmsList() {
  const t = useTranslate();
  const def = requireResource('communicationSms');
  const { tableProps, filters, applyFilters, sorters, setFilters, setSorters } = useResourceTable(def);
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    {
      key: 'template',
      title: t('Template name'),
      render: (_, record) => {
        const templateId = getPath(record, 'templateRef.templateId') as string | undefined;
        const name = getPath(record, 'templateRef.template.name.full') as string | undefined;
        if (!templateId) return <span className="cell-secondary">-</span>;
        return (
          <Link to={`/company/template/${templateId}/edit`} data-testid="template-link">
            {name || t('Template')}
          </Link>
        );
      },
    },
    { key: 'to', title: t('To'), render: (_, record) => <RecipientCell to={record.to} address="phone" /> },
    {
      key: 'text',
      title: t('Text'),
      // cut short by CSS: antd's measured ellipsis laid each row out again and again (a third of a second a page)
      render: (_, record) => <div className="cell-lines" title={String(record.body ?? '')}>{String(record.body ?? '')}</div>,
    },
    { key: 'state', title: t('State'), render: (_, record) => <StateHistory state={record.state as never} history={record.stateHistory} labels={SMS_STATE_LABELS} /> },
  ]);
  return (
    <>
      <PageHeader title={t('SMS')} crumbs={[{ label: t('Communication') }, { label: t('SMS') }]} />
      <Card>
        <div style={{ marginBottom: 16 }}>
          <ListSearch filters={filters} set={applyFilters} width={280} />
        </div>
        <ListViewBar def={def} views={views} />
        <Table<BaseRecord>
          {...tableProps}
          rowKey={(record) => String(record._id ?? record.id)}
          size="middle"
          {...views.tableProps}
        />
      </Card>
    </>
  );
}
