import { FileAddOutlined } from '@ant-design/icons';
import { TEMPLATE_FORMAT_LABELS } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Button, List, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { encodePreset, type TemplateForm, templateSuggestions } from './communication-api';

/** 'From template': the suggested default templates (format and name); one opens the editor with it as preset. */
export function FromTemplateButton() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [suggestions, setSuggestions] = useState<TemplateForm[] | null>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    if (!suggestions) templateSuggestions().then(setSuggestions, () => setSuggestions([]));
  };
  return (
    <>
      <Button icon={<FileAddOutlined />} onClick={show} data-testid="from-template">
        {t('From template')}
      </Button>
      <Modal open={open} title={t('From template')} footer={null} onCancel={() => setOpen(false)}>
        <List
          loading={!suggestions}
          dataSource={suggestions ?? []}
          renderItem={(suggestion) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              data-testid="suggestion"
              onClick={() => navigate(`/company/template/create/edit?template=${encodePreset(suggestion)}`)}
            >
              <List.Item.Meta title={suggestion.name?.full} description={<Tag>{t(TEMPLATE_FORMAT_LABELS[suggestion.format as keyof typeof TEMPLATE_FORMAT_LABELS] ?? suggestion.format)}</Tag>} />
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
