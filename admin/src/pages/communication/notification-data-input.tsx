import { LINK_KINDS } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Col, Form, Input, Row, Select } from 'antd';
import { LIMITS } from './template-kinds';

interface NotificationData {
  action?: string;
  image?: string;
  url?: string;
  urlParts?: { kind?: string; value?: string };
}

/** Stored data is a JSON string; unparsable data reads as empty (part 2 section 8). */
function parse(value: unknown): NotificationData {
  if (typeof value !== 'string' || !value.trim()) return {};
  try {
    const parsed = JSON.parse(value) as NotificationData & { action?: unknown };
    const action = typeof parsed.action === 'object' && parsed.action ? (parsed.action as { label?: string }).label : parsed.action;
    return parsed && typeof parsed === 'object' ? { ...parsed, action: typeof action === 'string' ? action : undefined } : {};
  } catch {
    return {};
  }
}

/** The `data` JSON of a notification as fields: action label (at most 20), link kind and value, URL, image. */
export function NotificationDataInput({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const t = useTranslate();
  const data = parse(value);
  const set = (patch: NotificationData) => onChange?.(JSON.stringify({ ...data, ...patch }));
  const tooLong = (data.action?.length ?? 0) > LIMITS.notification.action;
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item label={t('Action label')} validateStatus={tooLong ? 'error' : undefined} help={tooLong ? t('At most {{max}} characters', { max: LIMITS.notification.action }) : undefined}>
          <Input value={data.action ?? ''} onChange={(event) => set({ action: event.target.value })} showCount maxLength={LIMITS.notification.action} data-testid="field-data-action" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('Link kind')}>
          <Select
            value={data.urlParts?.kind ?? 'none'}
            onChange={(kind: string) => set({ urlParts: { ...data.urlParts, kind } })}
            options={LINK_KINDS.map((kind) => ({ value: kind, label: kind }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('Link value')}>
          <Input value={data.urlParts?.value ?? ''} onChange={(event) => set({ urlParts: { kind: data.urlParts?.kind ?? 'none', value: event.target.value } })} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('URL')}>
          <Input value={data.url ?? ''} onChange={(event) => set({ url: event.target.value })} />
        </Form.Item>
      </Col>
    </Row>
  );
}
