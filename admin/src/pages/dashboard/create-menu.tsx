import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Dropdown, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EventQuickCreate } from '../event/event-quick-create';
import type { DashboardTab } from './dashboard-api';
import { DASHBOARD_PATH, MODEL_LABELS, createPath } from './dashboard-routes';

/** Kinds of video; the spec names none, these are the players the app embeds. */
export const VIDEO_KINDS = ['youtube', 'vimeo', 'mux'];

/** 'Create new': only models the user may create; events open the quick-create wizard, videos ask their kind first. */
export function CreateMenu({ tabs }: { tabs: DashboardTab[] }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [wizard, setWizard] = useState<'event' | 'video' | null>(null);
  const [kind, setKind] = useState(VIDEO_KINDS[0]);
  const creatable = tabs.filter((tab) => tab.canCreate);
  if (creatable.length === 0) return null;
  const start = (tab: DashboardTab) => {
    if (tab.model === 'event' || tab.model === 'video') setWizard(tab.model);
    else navigate(createPath(tab));
  };
  const video = tabs.find((tab) => tab.model === 'video');
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: creatable.map((tab) => ({ key: tab.model, label: t(MODEL_LABELS[tab.model]) })),
          onClick: ({ key }) => start(creatable.find((tab) => tab.model === key)!),
        }}
      >
        <Button type="primary" icon={<PlusOutlined />}>
          {t('Create new')} <DownOutlined />
        </Button>
      </Dropdown>
      <EventQuickCreate open={wizard === 'event'} onClose={() => setWizard(null)} returnTo={DASHBOARD_PATH} />
      <Modal
        open={wizard === 'video'}
        title={t('Choose a video kind')}
        okText={t('Next')}
        onCancel={() => setWizard(null)}
        onOk={() => video && navigate(createPath(video, { kind }))}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('Kind')}>
            <Select aria-label={t('Kind')} value={kind} onChange={setKind} options={VIDEO_KINDS.map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
