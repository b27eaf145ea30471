import { ConfigProvider, type DatePicker, type GetProps, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import { faceIcon, type Reach, reachHandlers } from './closed-select';

type SingleProps = GetProps<typeof DatePicker>;
type RangeProps = GetProps<typeof DatePicker.RangePicker>;

const LiveDatePicker = lazy(() => import('./antd-date-picker').then((module) => ({ default: module.DatePicker })));
const LiveRangePicker = lazy(() => import('./antd-date-picker').then((module) => ({ default: module.DatePicker.RangePicker })));

const CALENDAR_PATH =
  'M880 184H712v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H384v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H144c-17.7 0-32 14.3-32 32v664c0 17.7 14.3 32 32 32h736c17.7 0 32-14.3 32-32V216c0-17.7-14.3-32-32-32zm-40 656H184V460h656v380zM184 392V256h128v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h256v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h128v136H184z';
const CLOSE_CIRCLE_PATH =
  'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z';
const SWAP_RIGHT_PATH = 'M873.1 596.2l-164-208A32 32 0 00684 376h-64.8c-6.7 0-10.4 7.7-6.3 13l144.3 183H152c-4.4 0-8 3.6-8 8v60c0 4.4 3.6 8 8 8h695.9c26.8 0 41.7-30.8 25.2-51.8z';

/** What a face needs besides its values: a picker's format (one string here), and a Form.Item's validation status. */
interface FaceOptions {
  format: string;
  /** the enclosing Form.Item's status (Form.Item.useStatus) for the face's border; antd's picker reads it itself */
  status?: string;
}

interface PickerFaceProps extends FaceOptions {
  texts: string[];
  placeholders: string[];
  /** antd's clear button, drawn (hidden until hovered) when the picker allows clearing and holds a value */
  allowClear: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  onReach: (reach: Reach) => void;
}

/** A closed antd date or range picker as antd draws it (its classes, so its styles), in plain elements. */
function PickerFace({ texts, placeholders, allowClear, format, status, disabled, id, onReach, ...rest }: PickerFaceProps) {
  const { hashId } = theme.useToken();
  const range = texts.length === 2;
  const input = (index: number) => (
    <input
      id={index === 0 ? id : undefined}
      aria-label={rest['aria-label']}
      aria-invalid={status === 'error'}
      autoComplete="off"
      // rc-picker's width for a format: its length, at least 10, and 2
      size={Math.max(10, format.length) + 2}
      placeholder={placeholders[index]}
      readOnly
      disabled={disabled}
      value={texts[index]}
      onFocus={() => onReach('focus')}
    />
  );
  const className = ['ant-picker', range && 'ant-picker-range', 'ant-picker-outlined', hashId, disabled && 'ant-picker-disabled', status && `ant-picker-status-${status}`];
  const suffix = (
    <>
      <span className="ant-picker-suffix">{faceIcon('calendar', '64 64 896 896', CALENDAR_PATH)}</span>
      {allowClear && !disabled && texts.some(Boolean) && (
        <span className="ant-picker-clear" role="button">
          {faceIcon('close-circle', '64 64 896 896', CLOSE_CIRCLE_PATH, '', 'evenodd')}
        </span>
      )}
    </>
  );
  return (
    <div className={className.filter(Boolean).join(' ')} data-testid={rest['data-testid']} {...(!disabled && reachHandlers(onReach))}>
      {range ? (
        <>
          <div className="ant-picker-input">{input(0)}</div>
          <div className="ant-picker-range-separator">
            <span aria-label="to" className="ant-picker-separator">
              {faceIcon('swap-right', '0 0 1024 1024', SWAP_RIGHT_PATH)}
            </span>
          </div>
          <div className="ant-picker-input">{input(1)}</div>
          <div className="ant-picker-active-bar" style={{ position: 'absolute', width: 0 }} />
          {suffix}
        </>
      ) : (
        <div className="ant-picker-input">
          {input(0)}
          {suffix}
        </div>
      )}
    </div>
  );
}

/** The date picker texts of the ConfigProvider's language. */
function usePickerLanguage() {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  return { placeholder: locale?.DatePicker?.lang.placeholder ?? 'Select date', rangePlaceholder: locale?.DatePicker?.lang.rangePlaceholder ?? ['Start date', 'End date'] };
}

const shown = (value: Dayjs | null | undefined, format: string) => (value ? value.format(format) : '');

/** `face` until a person reaches it, then what `live` renders in its place (the face again while its chunk loads). */
function UntilPickerReached({ face, live }: { face: Omit<PickerFaceProps, 'onReach'>; live: (reach: Reach) => ReactNode }) {
  const [reach, setReach] = useState<Reach | null>(null);
  const drawn = <PickerFace {...face} onReach={setReach} />;
  return reach ? <Suspense fallback={drawn}>{live(reach)}</Suspense> : drawn;
}

/** The face props every picker takes alike. */
const commonFace = (props: { allowClear?: unknown; disabled?: unknown; id?: string | { start?: string }; 'aria-label'?: string }) => ({
  allowClear: props.allowClear !== false,
  disabled: props.disabled === true,
  id: typeof props.id === 'object' ? props.id.start : props.id,
  'aria-label': props['aria-label'],
  'data-testid': (props as { 'data-testid'?: string })['data-testid'],
});

/**
 * antd's DatePicker, drawn closed in plain elements until a person reaches it; then antd's from a chunk of its own,
 * focused when the keyboard reached it and open when it was pressed. rc-picker is about a tenth of an edit screen's
 * or a finance list's first load, and most visits never open a picker.
 */
export function ClosedDatePicker({ status, format, ...props }: Omit<SingleProps, 'format' | 'status'> & FaceOptions) {
  const { placeholder } = usePickerLanguage();
  const face = { ...commonFace(props), format, status, texts: [shown(props.value as Dayjs | null | undefined, format)], placeholders: [typeof props.placeholder === 'string' ? props.placeholder : placeholder] };
  return <UntilPickerReached face={face} live={(reach) => <LiveDatePicker {...props} format={format} autoFocus={reach !== 'pointer'} defaultOpen={reach === 'press'} />} />;
}

/** antd's RangePicker, closed until a person reaches it (ClosedDatePicker). */
export function ClosedRangePicker({ status, format, ...props }: Omit<RangeProps, 'format' | 'status'> & FaceOptions) {
  const { rangePlaceholder } = usePickerLanguage();
  const face = { ...commonFace(props), format, status, texts: [shown(props.value?.[0], format), shown(props.value?.[1], format)], placeholders: props.placeholder ?? rangePlaceholder };
  return <UntilPickerReached face={face} live={(reach) => <LiveRangePicker {...props} format={format} autoFocus={reach !== 'pointer'} defaultOpen={reach === 'press'} />} />;
}
