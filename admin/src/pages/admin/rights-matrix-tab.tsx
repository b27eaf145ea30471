import { ADMIN_MATRIX_RIGHTS, type AdminRightsRow, type Right, toggleAdminRight } from '@backoffice/resources';
import { useNotification, useTranslate, useWarnAboutChange } from '@refinedev/core';
import { Button, Checkbox, Space, Table, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { messageOf } from '../finance/finance-api';
import { usersApi } from '../user/users-api';
import { UserPicker } from './user-picker';

const ALL_RIGHTS = ADMIN_MATRIX_RIGHTS.map((column) => column.right);
const same = (a: AdminRightsRow[], b: AdminRightsRow[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The Admin tab: users by admin right with the spec's tooltips and hierarchy (Company admin ticks the five
 * sub-rights, unticking one unticks Company admin). Save shows only while the matrix differs from the saved one.
 */
export function RightsMatrixTab() {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const { setWarnWhen } = useWarnAboutChange();
  const [saved, setSaved] = useState<AdminRightsRow[]>([]);
  const [rows, setRows] = useState<AdminRightsRow[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    usersApi.adminRights().then((data) => {
      setSaved(data);
      setRows(data);
    }, (error) => notify?.({ type: 'error', message: t(messageOf(error, 'Whoops, something went wrong!')) }));
  }, [notify, t]);
  const dirty = !same(rows, saved);
  useEffect(() => {
    setWarnWhen(dirty);
    return () => setWarnWhen(false);
  }, [dirty, setWarnWhen]);

  const setRights = (userId: string, rights: (current: Right[]) => Right[]) =>
    setRows((current) => current.map((row) => (row.userId === userId ? { ...row, rights: rights(row.rights) } : row)));
  const save = async () => {
    setSaving(true);
    try {
      const data = await usersApi.saveAdminRights(rows.map(({ userId, rights }) => ({ userId, rights })));
      setSaved(data);
      setRows(data);
      notify?.({ type: 'success', message: t('Successfully saved') });
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Could not update company')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <UserPicker
          exclude={rows.map((row) => row.userId)}
          onPick={(user) => setRows((current) => [...current, { userId: user._id, user: { name: { full: user.name?.full ?? null }, email: { value: user.email?.value ?? null } }, rights: [], super: false }])}
        />
        {dirty && (
          <Button type="primary" loading={saving} onClick={save} data-testid="rights-save">
            {t('buttons.save')}
          </Button>
        )}
      </Space>
      <Table<AdminRightsRow>
        rowKey="userId"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'user', title: t('User'), render: (_, row) => <span>{row.user?.name.full || row.user?.email.value || row.userId}</span> },
          ...ADMIN_MATRIX_RIGHTS.map((column) => ({
            key: column.right,
            title: <Tooltip title={t(column.tooltip)}>{t(column.label)}</Tooltip>,
            render: (_: unknown, row: AdminRightsRow) => (
              <Checkbox
                aria-label={`${t(column.label)} ${row.user?.email.value ?? row.userId}`}
                checked={row.rights.includes(column.right)}
                onChange={(event) => setRights(row.userId, (rights) => toggleAdminRight(rights, column.right, event.target.checked))}
              />
            ),
          })),
          {
            key: 'all',
            title: t('table.actions'),
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" onClick={() => setRights(row.userId, () => [...ALL_RIGHTS])}>{t('Set all')}</Button>
                <Button size="small" onClick={() => setRights(row.userId, () => [])}>{t('Clear all')}</Button>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
