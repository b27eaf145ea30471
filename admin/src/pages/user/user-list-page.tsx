import { FileZipOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { ageOf, getPath } from '@backoffice/resources';
import { getDefaultSortOrder } from '@refinedev/antd';
import { type BaseRecord, useNotification, useTranslate } from '@refinedev/core';
import { Button, Card, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ClosedSelect } from '../../components/closed-select';
import { PageHeader } from '../../components/page-header';
import { formatUnix } from '../../definitions/format';
import { requireResource } from '../../definitions/screens';
import { BatchMenu } from '../../generic/list/batch-menu';
import { useRowActions } from '../../generic/list/row-actions';
import { SelectableTable } from '../../generic/list/selectable-table';
import { ServerSearch } from '../../generic/list/server-search';
import { ArchivedFilter } from '../../generic/list/list-filters';
import { ListViewBar } from '../../generic/views/list-view-bar';
import { useListViews } from '../../generic/views/use-list-views';
import { useResourceTable } from '../../generic/list/use-resource-table';
import { useAccess } from '../../generic/use-access';
import { useMe } from '../../providers/use-me';
import { messageOf } from '../finance/finance-api';
import { ContactLinks } from './contact-links';
import { QuickCreateButton } from './quick-create-modal';
import { type UserListChoices, choicesOf, userListFilters } from './user-list-filters';
import { usersApi } from './users-api';
import { RowTag } from '../../components/row-tag';

const COLUMNS = [
  { key: 'name.full', title: 'Name', sortable: true },
  { key: 'age', title: 'Age' },
  { key: 'mobile.value', title: 'Phone' },
  { key: 'meta.createdAt', title: 'Created at', sortable: true, unix: true },
  { key: 'email.value', title: 'Email', sortable: true },
  { key: 'birthday.date', title: 'Birthday' },
  { key: 'meta.lastActiveAt', title: 'Last active', sortable: true, unix: true },
] as const;

/** Loaded when first opened: it shows identity pictures, which the list itself does not need. */
const AgeVerificationModal = lazy(() => import('./age-verification-modal').then((module) => ({ default: module.AgeVerificationModal })));


/** User overview (part 2 section 2): the spec's columns and four filters, quick create, age verification. */
export default function UserListPage() {
  const t = useTranslate();
  const def = requireResource('user');
  const may = useAccess(def);
  const me = useMe();
  const navigate = useNavigate();
  const rowActions = useRowActions(def, { duplicate: false, remove: false });
  const isSuper = !!me?.rights.includes('super');
  const isCompanyAdmin = isSuper || !!me?.rights.includes('company');
  const { open: notify } = useNotification();
  const [verifying, setVerifying] = useState(false);
  // stays mounted once opened, so the users skipped in this visit stay skipped
  const [verifierOpened, setVerifierOpened] = useState(false);
  const { tableProps, filters, sorters, applyFilters, setFilters, setSorters } = useResourceTable(def);
  const choices = choicesOf(filters);
  const choose = async (change: Partial<UserListChoices>) => {
    const next = { ...choices, ...change };
    const adminIds = next.rights === 'admin' ? (await usersApi.adminRights()).map((row) => row.userId) : [];
    applyFilters(userListFilters(next, adminIds));
  };
  const exportCvs = () =>
    usersApi.exportCvs({ filters, sorters }).catch((error) => notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) }));
  const search = filters.find((filter) => 'field' in filter && filter.field === 'q');
  const select = (name: keyof UserListChoices, label: string, options: [string, string][]) => (
    <ClosedSelect
      aria-label={t(label)}
      data-testid={`user-filter-${name}`}
      style={{ minWidth: 170 }}
      value={choices[name]}
      onChange={(value) => void choose({ [name]: value })}
      options={options.map(([value, text]) => ({ value, label: `${t(label)}: ${t(text)}` }))}
    />
  );
  const views = useListViews(def, { filters, sorters, setFilters, setSorters }, [
    ...COLUMNS.map((column) => ({
      key: column.key,
      title: t(column.title),
      sorter: 'sortable' in column,
      sortOrder: 'sortable' in column ? getDefaultSortOrder(column.key, sorters) : undefined,
      render: (_: unknown, record: BaseRecord) => {
        if (column.key === 'age') return ageOf(getPath(record, 'birthday.unix'));
        const value = getPath(record, column.key);
        if ('unix' in column) return formatUnix(value);
        if (column.key === 'name.full') return <>{String(value ?? '')} {getPath(record, 'meta.archived') === true && <RowTag>{t('Archived')}</RowTag>}</>;
        return value === undefined || value === null ? '' : String(value);
      },
    })),
    { key: 'contact', title: t('Contact'), render: (_, record) => <ContactLinks record={record} /> },
    { key: 'actions', title: t('table.actions'), render: (_, record) => rowActions(record) },
  ]);
  return (
    <>
      <PageHeader
        title={t('Users')}
        crumbs={[{ label: t('Users') }]}
        extra={
          <>
            {isCompanyAdmin && (
              <Button icon={<TeamOutlined />} onClick={() => navigate('/company/admin')}>
                {t('Admin rights')}
              </Button>
            )}
            <BatchMenu
              def={def}
              filters={filters}
              sorters={sorters}
              extra={[
                ...(isSuper ? [{ key: 'cv-export', icon: <FileZipOutlined />, label: t('Compress and download CVs'), onClick: exportCvs }] : []),
                {
                  key: 'verify-age',
                  icon: <SafetyCertificateOutlined />,
                  label: t('Verify age'),
                  onClick: () => {
                    setVerifierOpened(true);
                    setVerifying(true);
                  },
                },
              ]}
            />
            {may.create && <QuickCreateButton />}
          </>
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <ServerSearch
            placeholder={t('Search')}
            initial={search && 'value' in search ? String(search.value ?? '') : ''}
            onSearch={(value) => applyFilters([{ field: 'q', operator: 'eq', value: value || undefined }])}
            width={240}
          />
          {isCompanyAdmin && select('rights', 'Rights', [['all', 'All'], ['admin', 'Admin'], ['third-party', 'Third-party']])}
          {select('created', 'Created', [['last-3-years', 'Last 3 years'], ['all', 'All']])}
          {select('type', 'User type', [['normal', 'Normal'], ['card', 'Card'], ['anonymous', 'Anonymous']])}
          {select('tag', 'Tag', [['any', 'Any'], ['connected', 'Connected'], ['not-connected', 'Not connected']])}
          <ArchivedFilter def={def} filters={filters} set={applyFilters} />
        </Space>
        <ListViewBar def={def} views={views} />
        <SelectableTable
          def={def}
          {...tableProps}
          {...views.tableProps}
        />
      </Card>
      {verifierOpened && (
        <Suspense fallback={null}>
          <AgeVerificationModal open={verifying} onClose={() => setVerifying(false)} />
        </Suspense>
      )}
    </>
  );
}
