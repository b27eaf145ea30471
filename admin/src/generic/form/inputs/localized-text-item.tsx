import { LANGUAGES } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Form, Input, Tabs } from 'antd';
import { rulesFor } from '../field-rules';
import type { FieldItemProps } from '../field-item';

const LANGUAGE_LABEL: Record<string, string> = { en: 'English', nl: 'Dutch' };

/** Localized text: one tab per language (English, Dutch), each with the field's text rules. */
export function LocalizedTextItem({ field, name, fullPath, disabled, label }: FieldItemProps & { label: string }) {
  const t = useTranslate();
  const long = field.format === 'textarea' || (field.max ?? 0) > 200;
  const count = field.max ? { show: true, max: field.max } : undefined;
  return (
    <Form.Item label={label} required={field.required} tooltip={field.help ? t(field.help) : undefined} style={{ marginBottom: 8 }} data-testid={`field-${fullPath}`}>
      <Tabs
        size="small"
        items={LANGUAGES.map((language) => ({
          key: language,
          label: t(LANGUAGE_LABEL[language] ?? language),
          forceRender: true,
          children: (
            <Form.Item
              name={[...name, language]}
              rules={rulesFor({ ...field, kind: 'text', required: field.required && language === 'en', path: language }, t)}
              style={{ marginBottom: 8 }}
            >
              {long ? (
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} count={count} disabled={disabled(field)} aria-label={`${label} (${language})`} />
              ) : (
                <Input count={count} disabled={disabled(field)} style={{ maxWidth: 560 }} aria-label={`${label} (${language})`} />
              )}
            </Form.Item>
          ),
        }))}
      />
    </Form.Item>
  );
}
