import { CloudDownloadOutlined, CloudUploadOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@backoffice/resources';
import { type CrudFilter, type CrudSort, useTranslate } from '@refinedev/core';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { pluralLabel } from '../../definitions/screens';
import { useAccess } from '../use-access';

/** The table query handed to the export wizard in its `q` parameter. */
export function exportLink(model: string, query: { filters: CrudFilter[]; sorters: CrudSort[] }): string {
  const filters = query.filters.filter((filter) => 'field' in filter && filter.value !== undefined && filter.value !== '');
  return `/company/model/${model}/export?q=${encodeURIComponent(JSON.stringify({ filters, sorters: query.sorters }))}`;
}

/** Batch menu: download (export with the current query), import, patch for super admins only, then a page's own items. */
export function BatchMenu({ def, filters, sorters, extra = [] }: { def: ResourceDef; filters: CrudFilter[]; sorters: CrudSort[]; extra?: NonNullable<MenuProps['items']> }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const may = useAccess(def);
  const plural = t(pluralLabel(def)).toLowerCase();
  const model = t(def.label).toLowerCase();
  const items: MenuProps['items'] = [];
  if (may.exportData) items.push({ key: 'export', icon: <CloudDownloadOutlined />, label: t('Download {{model}}', { model: plural }), onClick: () => navigate(exportLink(def.name, { filters, sorters })) });
  if (may.importData) items.push({ key: 'import', icon: <CloudUploadOutlined />, label: t('Import {{model}}', { model }), onClick: () => navigate(`/company/model/${def.name}/import`) });
  if (may.patch) items.push({ key: 'patch', icon: <EditOutlined />, label: t('Patch {{model}}', { model }), onClick: () => navigate(`/company/model/${def.name}/patch`) });
  items.push(...extra);
  if (items.length === 0) return null;
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button>
        {t('Batch')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
