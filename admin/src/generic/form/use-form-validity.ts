import type { FormInstance } from 'antd';
import { useState } from 'react';

/** Whether a form shows a client-side error: its Save waits for a valid form (`onFieldsChange` goes on the form). */
export function useFormValidity(form: FormInstance) {
  const [invalid, setInvalid] = useState(false);
  return { invalid, onFieldsChange: () => setInvalid(form.getFieldsError().some((field) => field.errors.length > 0)) };
}
