// antd's date pickers for ClosedDatePicker and ClosedRangePicker to load once a person reaches one (rc-picker's chunk)
export { DatePicker } from 'antd';
