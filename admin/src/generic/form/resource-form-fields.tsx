import { canWriteField, effectiveRights, type FieldDef, type ResourceDef } from '@backoffice/resources';

import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useMe } from '../../providers/use-me';
import { isDerivedDate, isEditable } from './field-rules';
import { FieldItem } from './field-item';

/** Every editable field of a definition, in its order; fields the user may not write are disabled. */
export function ResourceFormFields({ def, id, hide = [] }: { def: ResourceDef; id?: string; hide?: readonly string[] }) {
  const me = useMe();
  const rights = useMemo(() => effectiveRights(me?.rights ?? []), [me]);
  const disabled = (field: FieldDef) => !canWriteField(field, rights);
  const showId = !!id && rights.has('super') && def.screens?.showIdToSuper;
  return (
    <>
      {showId && (
        <Form.Item label="_id" data-testid="field-_id">
          <Input value={id} readOnly style={{ maxWidth: 320, fontFamily: 'monospace' }} />
        </Form.Item>
      )}
      {def.fields
        .filter((field) => isEditable(field) && !isDerivedDate(field, def.fields) && !hide.includes(field.path))
        .map((field) => (
          <FieldItem key={field.path} model={def.name} field={field} name={field.path.split('.')} fullPath={field.path} disabled={disabled} />
        ))}
    </>
  );
}
