import type { FieldDef } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Card, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { choiceLabel, fieldLabel } from '../../definitions/screens';
import { isDerivedDate, isEditable, rulesFor } from './field-rules';
import { DateInput } from './inputs/date-input';
import { GeometryInput } from './inputs/geometry-input';
import { ImageUpload } from './inputs/image-upload';
import { ListItems } from './inputs/list-items';
import { LocalizedTextItem } from './inputs/localized-text-item';
import { dateTextProps, jsonProps, moneyProps, unixProps } from './inputs/value-props';
import { ReferenceSelect } from './reference-select';

export type NamePath = (string | number)[];

export interface FieldItemProps {
  model: string;
  field: FieldDef;
  /** the form name of this field (path segments, list indexes relative to the enclosing Form.List) */
  name: NamePath;
  /** dotted path from the record root, for uploads and test ids */
  fullPath: string;
  disabled: (field: FieldDef) => boolean;
}

const textarea = (field: FieldDef) => field.format === 'textarea' || field.format === 'html' || (field.max ?? 0) > 200;

/** The widget for a scalar field kind. */
function widget(props: FieldItemProps, label: string, t: (key: string) => string): { input: ReactNode; extraProps?: object } {
  const { field, model, fullPath } = props;
  const disabled = props.disabled(field);
  const count = field.max ? { show: true, max: field.max } : undefined;
  switch (field.kind) {
    // no min/max on the inputs: antd would clamp out-of-range input silently; the rules refuse it on the field
    case 'number':
      return { input: <InputNumber style={{ width: 200 }} step={field.step ?? (field.integer ? 1 : undefined)} disabled={disabled} /> };
    case 'money':
      return { input: <InputNumber style={{ width: 200 }} prefix="€" step={0.01} precision={2} disabled={disabled} />, extraProps: moneyProps };
    case 'enum':
      return { input: <Select allowClear disabled={disabled} options={(field.choices ?? []).map((value) => ({ value, label: t(choiceLabel(field, value)) }))} /> };
    case 'boolean':
      return { input: <Switch disabled={disabled} />, extraProps: { valuePropName: 'checked' } };
    case 'unixTime':
      return { input: <DateInput showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabled={disabled} />, extraProps: unixProps };
    case 'reference':
      return { input: <ReferenceSelect resource={field.ref?.resource ?? ''} disabled={disabled} style={{ width: '100%' }} /> };
    case 'image':
      return { input: <ImageUpload model={model} path={fullPath} rule={field.image} disabled={disabled} /> };
    case 'geojson':
      return { input: <GeometryInput disabled={disabled} /> };
    case 'json':
    case 'object':
    case 'list':
      return { input: <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} disabled={disabled} placeholder="{ }" />, extraProps: jsonProps };
    default:
      if (field.choices?.length) return { input: <Select allowClear disabled={disabled} options={field.choices.map((value) => ({ value, label: t(choiceLabel(field, value)) }))} /> };
      if (field.format === 'date') return { input: <DateInput format="YYYY-MM-DD" disabled={disabled} />, extraProps: dateTextProps };
      if (field.format === 'password') return { input: <Input.Password disabled={disabled} autoComplete="new-password" /> };
      if (textarea(field)) return { input: <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} count={count} disabled={disabled} aria-label={label} /> };
      return { input: <Input count={count} type={field.format === 'email' ? 'email' : 'text'} disabled={disabled} aria-label={label} /> };
  }
}

/** One field of a generated form, by its kind: scalars, localized text, images, nested objects and lists. */
export function FieldItem(props: FieldItemProps) {
  const t = useTranslate();
  const { field, name, fullPath } = props;
  const label = t(fieldLabel(field, field.path));
  if (field.kind === 'list' && field.itemKind && field.choices) {
    return (
      <Form.Item label={label} name={name} rules={rulesFor(field, t)} data-testid={`field-${fullPath}`} tooltip={field.help ? t(field.help) : undefined}>
        <Select mode="multiple" allowClear style={{ maxWidth: 560 }} disabled={props.disabled(field)} options={field.choices.map((value) => ({ value, label: t(choiceLabel(field, value)) }))} />
      </Form.Item>
    );
  }
  if (field.kind === 'list' && (field.fields || field.itemKind)) return <ListItems {...props} label={label} />;
  if (field.kind === 'localizedText') return <LocalizedTextItem {...props} label={label} />;
  if (field.kind === 'object' && field.fields && !field.open) {
    return (
      <Card size="small" title={label} style={{ marginBottom: 16 }} data-testid={`group-${fullPath}`}>
        {field.fields.filter((sub) => isEditable(sub) && !isDerivedDate(sub, field.fields ?? [])).map((sub) => (
          <FieldItem key={sub.path} {...props} field={sub} name={[...name, ...sub.path.split('.')]} fullPath={`${fullPath}.${sub.path}`} />
        ))}
      </Card>
    );
  }
  const { input, extraProps } = widget(props, label, t);
  return (
    <Form.Item
      label={label}
      name={name}
      required={field.required}
      tooltip={field.help ? t(field.help) : undefined}
      rules={rulesFor(field, t)}
      validateFirst
      data-testid={`field-${fullPath}`}
      {...extraProps}
    >
      {input}
    </Form.Item>
  );
}
