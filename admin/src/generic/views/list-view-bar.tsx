import { DeleteOutlined, SaveOutlined, TeamOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@backoffice/resources';
import { type HttpError, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { ClosedSelect } from '../../components/closed-select';
import { labelOf } from '../../definitions/screens';
import { ColumnChooser } from './column-chooser';
import type { ListViews } from './use-list-views';

const OWN = '';

/**
 * Above a list: the saved view shown (the list's own by default), the columns chosen, saving the list as it is as a
 * view (personal or shared with the company) and deleting one's own; a view that lost fields for this reader says so.
 */
export function ListViewBar({ def, views }: { def: ResourceDef; views: ListViews }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string; shared: boolean; asNew: boolean }>();
  const { current } = views;
  const save = async () => {
    const { name, shared, asNew } = await form.validateFields();
    try {
      await views.save(name, shared, asNew || !views.mine(current));
      setSaving(false);
      message.success(t('View saved'));
    } catch (error) {
      message.error((error as HttpError).message);
    }
  };
  const open = () => {
    form.setFieldsValue({ name: views.mine(current) ? current!.name.full : '', shared: views.mine(current) ? !!current!.shared : false, asNew: false });
    setSaving(true);
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }} data-testid="list-views">
        <ClosedSelect
          aria-label={t('Saved view')}
          data-testid="view-picker"
          style={{ minWidth: 200 }}
          value={current?._id ?? OWN}
          onChange={(id) => views.apply(views.views.find((view) => view._id === id) ?? null)}
          options={[
            { value: OWN, label: t('The list as it comes') },
            ...views.views.map((view) => ({ value: view._id, label: <Space size={4}>{view.shared && <TeamOutlined aria-label={t('Shared')} />}{view.name.full}</Space> })),
          ]}
        />
        <ColumnChooser def={def} columns={views.columns} />
        <Button icon={<SaveOutlined />} onClick={open} data-testid="save-view">{t('Save view')}</Button>
        {views.mine(current) && (
          <Popconfirm title={t('Delete the view {{name}}?', { name: current!.name.full })} onConfirm={() => views.remove(current!)} okText={t('buttons.delete')} cancelText={t('buttons.cancel')}>
            <Button icon={<DeleteOutlined />} aria-label={t('Delete view')} data-testid="delete-view" />
          </Popconfirm>
        )}
      </Space>
      {current && current.dropped.length > 0 && (
        <Alert
          type="info"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          data-testid="view-dropped"
          message={t('Left out of this view for you: {{fields}}', { fields: current.dropped.map((field) => t(labelOf(def, field.path))).join(', ') })}
          description={t('The list no longer has these fields, or you may not read them.')}
        />
      )}
      <Modal open={saving} title={t('Save view')} onOk={() => void save()} onCancel={() => setSaving(false)} okText={t('buttons.save')} cancelText={t('buttons.cancel')} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('Name')} rules={[{ required: true, message: t('Please enter a name') }, { max: 60 }]}>
            <Input data-testid="view-name" />
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked">
            <Checkbox data-testid="view-shared">{t('Shared with the company')}</Checkbox>
          </Form.Item>
          {views.mine(current) && (
            <Form.Item name="asNew" valuePropName="checked">
              <Checkbox>{t('Save as a new view')}</Checkbox>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
