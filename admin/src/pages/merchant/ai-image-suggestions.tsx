import { BulbOutlined } from '@ant-design/icons';
import type { ImageRule } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { App, Button, Col, Empty, Form, Input, Modal, Row, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { ImageUpload } from '../../generic/form/inputs/image-upload';
import { api } from '../../providers/http';
import { suggestImages } from './merchant-api';
import { NeedsService } from '../../components/service-off';

/** Suggestions in the spec's number, and the throttle the API enforces (one request per second). */
export const SUGGESTIONS = 4;
const THROTTLE_MS = 1000;

/** A prompt, four PNG suggestions, and the picked one uploaded as the field's image. */
function SuggestionsModal({ open, onClose, model, path, onPicked }: { open: boolean; onClose: () => void; model: string; path: string; onPicked: (id: string) => void }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [prompt, setPrompt] = useState('');
  const [images, setImages] = useState<{ blob: Blob; url: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [lastAsked, setLastAsked] = useState(0);
  useEffect(() => () => images.forEach((image) => URL.revokeObjectURL(image.url)), [images]);
  const ask = async () => {
    if (!prompt.trim() || Date.now() - lastAsked < THROTTLE_MS) return;
    setLastAsked(Date.now());
    setBusy(true);
    try {
      // the API allows one request per second per user: when another tab of the same user just asked, wait and ask once more
      const blobs = await suggestImages(prompt.trim(), model, path, SUGGESTIONS).catch(async (error: { statusCode?: number }) => {
        if (error.statusCode !== 429) throw error;
        await new Promise((resolve) => setTimeout(resolve, THROTTLE_MS));
        return suggestImages(prompt.trim(), model, path, SUGGESTIONS);
      });
      setImages(blobs.map((blob) => ({ blob, url: URL.createObjectURL(blob) })));
    } catch (error) {
      message.error((error as { message?: string }).message ?? t('Could not make suggestions'));
    } finally {
      setBusy(false);
    }
  };
  const pick = async (blob: Blob) => {
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', new File([blob], 'suggestion.png', { type: 'image/png' }));
      const { data } = await api<{ _id: string }>(`/api/image?model=${encodeURIComponent(model)}&field=${encodeURIComponent(path)}`, { method: 'POST', body });
      onPicked(data._id);
      onClose();
    } catch (error) {
      message.error((error as { message?: string }).message ?? t('Could not upload the image'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('Suggest images')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Form layout="vertical" onFinish={ask}>
        <Form.Item label={t('Describe the image')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input value={prompt} onChange={(event) => setPrompt(event.target.value)} maxLength={1000} data-testid="ai-prompt" />
            <Button type="primary" htmlType="submit" loading={busy} disabled={!prompt.trim()} data-testid="ai-suggest">{t('Suggest')}</Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <Spin spinning={busy}>
        {images.length === 0 ? <Empty description={t('Suggestions appear here')} /> : (
          <Row gutter={[12, 12]}>
            {images.map((image, index) => (
              <Col key={image.url} span={12}>
                <button type="button" onClick={() => pick(image.blob)} data-testid="ai-suggestion" aria-label={t('Use suggestion {{n}}', { n: index + 1 })} style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 0, cursor: 'pointer', width: '100%', background: 'none' }}>
                  <img src={image.url} alt="" style={{ width: '100%', display: 'block', borderRadius: 8 }} />
                </button>
              </Col>
            ))}
          </Row>
        )}
      </Spin>
    </Modal>
  );
}

/** An image field with upload and AI suggestions. */
export function ImageWithSuggestions({ value, onChange, model, path, rule, disabled }: { value?: string | null; onChange?: (value: string | null) => void; model: string; path: string; rule?: ImageRule; disabled?: boolean }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Space direction="vertical">
      <ImageUpload value={value} onChange={onChange} model={model} path={path} rule={rule} disabled={disabled} />
      {!disabled && (
        <NeedsService service="aiImage">
          <Button icon={<BulbOutlined />} onClick={() => setOpen(true)} data-testid={`ai-open-${path}`}>{t('Suggest images')}</Button>
        </NeedsService>
      )}
      <SuggestionsModal open={open} onClose={() => setOpen(false)} model={model} path={path} onPicked={(id) => onChange?.(id)} />
    </Space>
  );
}
