import { canWriteField, effectiveRights, type FieldDef, type ResourceDef } from '@backoffice/resources';
import { Col, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { AfterFirstPaint } from '../../components/after-first-paint';
import { useMe } from '../../providers/use-me';
import { formFields } from './field-rules';
import { FieldItem } from './field-item';

/** About a screen of fields (two a row): the rest render just after these are drawn. */
const FIRST_DRAWN = 12;

/** Short widgets share a row two by two; text areas, localized texts, images, lists and groups take the full width. */
export function isWide(field: FieldDef): boolean {
  if (['localizedText', 'list', 'object', 'geojson', 'json', 'image'].includes(field.kind)) return true;
  return field.kind === 'text' && (field.format === 'textarea' || field.format === 'html' || (field.max ?? 0) > 200);
}

/**
 * Every editable field of a definition, in its order; fields the user may not write (or the page locks) are disabled,
 * and all of them while the record loads (what was typed would be replaced when it arrives) or when the API refuses
 * the user any change of the record (`refused`: a person holding rights they lack).
 */
export function ResourceFormFields({ def, id, hide = [], lock = [], loading = false, refused = false }: { def: ResourceDef; id?: string; hide?: readonly string[]; lock?: readonly string[]; loading?: boolean; refused?: boolean }) {
  const me = useMe();
  const rights = useMemo(() => effectiveRights(me?.rights ?? []), [me]);
  const disabled = (field: FieldDef) => loading || refused || !canWriteField(field, rights) || lock.includes(field.path);
  const showId = !!id && rights.has('super') && def.screens?.showIdToSuper;
  const fields = formFields(def, hide);
  const item = (field: FieldDef) => (
    <Col key={field.path} xs={24} md={isWide(field) ? 24 : 12}>
      <FieldItem model={def.name} field={field} name={field.path.split('.')} fullPath={field.path} disabled={disabled} />
    </Col>
  );
  return (
    <Row gutter={24}>
      {showId && (
        <Col xs={24} md={12}>
          <Form.Item label="_id" data-testid="field-_id">
            <Input value={id} readOnly style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Col>
      )}
      {fields.slice(0, FIRST_DRAWN).map(item)}
      <AfterFirstPaint>{fields.slice(FIRST_DRAWN).map(item)}</AfterFirstPaint>
    </Row>
  );
}
