import { Breadcrumb, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb, title and the page's buttons. */
export function PageHeader({ title, crumbs = [], extra, children }: { title: ReactNode; crumbs?: Crumb[]; extra?: ReactNode; children?: ReactNode }) {
  return (
    <div style={{ marginBottom: 16 }}>
      {crumbs.length > 0 && (
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={crumbs.map((crumb) => ({ key: crumb.label, title: crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label }))}
        />
      )}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra && <Space wrap>{extra}</Space>}
      </Flex>
      {children}
    </div>
  );
}
