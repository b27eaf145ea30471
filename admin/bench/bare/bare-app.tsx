import '@refinedev/antd/dist/reset.css';
import { List, ThemedLayout, useNotificationProvider, useTable } from '@refinedev/antd';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import dataProvider from '@refinedev/simple-rest';
import { App as AntdApp, ConfigProvider, Table } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';

/**
 * The bare Refine page the admin is measured against (bench/run.ts): Refine's own scaffold, the admin's package
 * versions, one useTable list of users with the users list's columns, simple-rest against the same API.
 */
function UserList() {
  const { tableProps } = useTable({ pagination: { pageSize: 25 } });
  return (
    <List>
      <Table {...tableProps} rowKey="_id">
        <Table.Column dataIndex={['name', 'full']} title="Name" />
        <Table.Column dataIndex={['birthday', 'unix']} title="Age" />
        <Table.Column dataIndex={['mobile', 'value']} title="Phone" />
        <Table.Column dataIndex={['meta', 'createdAt']} title="Created at" />
        <Table.Column dataIndex={['email', 'value']} title="Email" />
        <Table.Column dataIndex={['birthday', 'date']} title="Birthday" />
        <Table.Column dataIndex={['meta', 'lastActiveAt']} title="Last active" />
      </Table>
    </List>
  );
}

function BareApp() {
  return (
    <BrowserRouter>
      <ConfigProvider>
        <AntdApp>
          <Refine
            dataProvider={dataProvider('/api/company/model')}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={[{ name: 'user', list: '/company/user' }]}
            options={{ syncWithLocation: true, disableTelemetry: true }}
          >
            <Routes>
              <Route
                element={
                  <ThemedLayout>
                    <Outlet />
                  </ThemedLayout>
                }
              >
                <Route path="/company/user" element={<UserList />} />
              </Route>
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BareApp />
  </StrictMode>,
);
