import { useNotification, useTranslate } from '@refinedev/core';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../providers/http';
import { useFormValidity } from '../../generic/form/use-form-validity';
import { messageOf } from '../finance/finance-api';
import { usePasswordRule } from './use-password-rule';

interface QuickUser {
  email: string;
  password?: string;
  first?: string;
  last?: string;
}

/** The user document of the quick setup: only what was typed. */
export function quickUserBody({ email, password, first, last }: QuickUser) {
  const full = [first, last].map((part) => part?.trim()).filter(Boolean).join(' ');
  return {
    email: { value: email.trim() },
    ...(full && { name: { ...(first?.trim() && { first: first.trim() }), ...(last?.trim() && { last: last.trim() }), full } }),
    ...(password && { security: { password: { value: password } } }),
  };
}

/**
 * Quick setup of a user (part 2 section 2): email required, password and names skippable. After creation it
 * opens the user's edit page; when creation fails the modal opens again with what was typed (the form is kept).
 * The form is made when the button is first used: the users list renders the button only, and asks nothing for it.
 */
export function QuickCreateButton() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        data-testid="user-create"
      >
        {t('buttons.create')}
      </Button>
      {used && <QuickCreateModal open={open} setOpen={setOpen} />}
    </>
  );
}

function QuickCreateModal({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<QuickUser>();
  const passwordRule = usePasswordRule();
  const { invalid, onFieldsChange } = useFormValidity(form);

  const submit = async (values: QuickUser) => {
    setOpen(false);
    try {
      const created = await api<{ _id: string }>('/api/company/model/user', { method: 'POST', body: quickUserBody(values) });
      form.resetFields();
      navigate(`/company/user/${created.data._id}/edit`);
    } catch (error) {
      notify?.({ type: 'error', message: t(messageOf(error, 'Could not create the user')) });
      setOpen(true);
    }
  };

  return (
    <Modal open={open} title={t('Create user')} okText={t('buttons.create')} onOk={() => form.submit()} onCancel={() => setOpen(false)} okButtonProps={{ disabled: invalid }}>
      <Form form={form} layout="vertical" onFinish={submit} onFieldsChange={onFieldsChange} data-testid="quick-create-form">
        <Form.Item name="email" label={t('Email')} rules={[{ required: true, message: t('Email is required') }, { type: 'email', message: t('Enter a valid email') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('Password')} extra={t('Optional')} rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="first" label={t('First name')} rules={[{ max: 200 }]} extra={t('Optional')}>
          <Input />
        </Form.Item>
        <Form.Item name="last" label={t('Last name')} rules={[{ max: 200 }]} extra={t('Optional')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
