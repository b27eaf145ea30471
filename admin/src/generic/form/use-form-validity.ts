import type { FormInstance } from 'antd';
import { useState } from 'react';

/** Whether a form shows a client-side error: its Save waits for a valid form (`onFieldsChange` goes on the form). */
export function useFormValidity(form: FormInstance) {
  const [invalid, setInvalid] = useState(false);
  const recheck = () => setInvalid(form.getFieldsError().some((field) => field.errors.length > 0));
  // form.setFields does not call onFieldsChange: whoever sets or clears errors that way calls recheck after
  return { invalid, onFieldsChange: recheck, recheck };
}
