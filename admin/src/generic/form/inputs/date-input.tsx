import { Form, type GetProps } from 'antd';
import { ClosedDatePicker } from '../../../components/closed-date-picker';

/** A form's date or moment: antd's DatePicker, closed until a person reaches it, bordered by its Form.Item's status. */
export function DateInput(props: Omit<GetProps<typeof ClosedDatePicker>, 'status'>) {
  const { status } = Form.Item.useStatus();
  return <ClosedDatePicker {...props} status={status} />;
}
