import { Select, type SelectProps, theme } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How a person reached a closed control: the pointer over it, the keyboard's focus on it, or a click without the
 * pointer (assistive technology).
 */
export type Reach = 'pointer' | 'focus' | 'press';

interface SelectFaceProps {
  /** the chosen option's label; the placeholder shows without one */
  shown?: ReactNode;
  placeholder?: ReactNode;
  multiple?: boolean;
  allowClear?: boolean;
  showSearch?: boolean;
  /** the icon at the end, antd's down arrow unless the Select names its own */
  suffixIcon?: ReactNode;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** An antd icon as @ant-design/icons draws it, from its SVG path. */
export const faceIcon = (name: string, viewBox: string, path: string, className = '', fillRule?: 'evenodd') => (
  <span role="img" aria-label={name} className={`anticon anticon-${name} ${className}`.trim()}>
    <svg fillRule={fillRule} viewBox={viewBox} focusable="false" data-icon={name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  </span>
);

const DOWN_ICON =
  'M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z';

/**
 * How a face learns that a person reached it besides the keyboard's focus: the pointer over it puts the real control
 * in its place before the pointer's press, so the press reaches the control itself; a click without the pointer
 * (assistive technology) opens it.
 */
export const reachHandlers = (onReach: (reach: Reach) => void) => ({
  onPointerEnter: () => flushSync(() => onReach('pointer')),
  onClick: () => onReach('press'),
});

/** A closed antd Select as antd draws it (its classes, so its styles), in plain elements. */
function SelectFace({ shown, placeholder, multiple, allowClear, showSearch, suffixIcon, style, onReach, ...rest }: SelectFaceProps & { onReach: (reach: Reach) => void }) {
  const { hashId } = theme.useToken();
  const className = ['ant-select ant-select-outlined', hashId, multiple ? 'ant-select-multiple' : 'ant-select-single', allowClear && 'ant-select-allow-clear', 'ant-select-show-arrow', showSearch && 'ant-select-show-search'];
  const input = (
    <input
      className="ant-select-selection-search-input"
      role="combobox"
      aria-expanded="false"
      aria-haspopup="listbox"
      aria-label={rest['aria-label']}
      autoComplete="off"
      readOnly
      type="search"
      value=""
      style={{ opacity: 0 }}
      onFocus={() => onReach('focus')}
    />
  );
  const chosen = shown === undefined ? <span className="ant-select-selection-placeholder">{placeholder}</span> : <span className="ant-select-selection-item" title={typeof shown === 'string' ? shown : undefined}>{shown}</span>;
  return (
    <div className={className.filter(Boolean).join(' ')} style={style} {...rest} {...reachHandlers(onReach)}>
      <div className="ant-select-selector">
        <span className="ant-select-selection-wrap">
          {multiple ? (
            <div className="ant-select-selection-overflow">
              <div className="ant-select-selection-overflow-item ant-select-selection-overflow-item-suffix" style={{ opacity: 1, order: 0 }}>
                <div className="ant-select-selection-search" style={{ width: 4 }}>
                  {input}
                  <span className="ant-select-selection-search-mirror" aria-hidden="true">
                    &nbsp;
                  </span>
                </div>
              </div>
            </div>
          ) : (
            <span className="ant-select-selection-search">{input}</span>
          )}
          {chosen}
        </span>
      </div>
      <span className="ant-select-arrow" aria-hidden="true">
        {suffixIcon ?? faceIcon('down', '64 64 896 896', DOWN_ICON, 'ant-select-suffix')}
      </span>
    </div>
  );
}

/**
 * `face`, a closed select drawn in plain elements, until a person reaches it; then what `live` renders in its place,
 * focused when the keyboard reached it and open when it was pressed. A list's filter bar holds five to eight selects
 * that most visits never open, and antd's Select (its trigger, overflow observers, style and option hooks, and a
 * reference select's request for its options) made a filter bar about a fifth of what a list cost to render.
 */
export function UntilReached({ face, live }: { face: SelectFaceProps; live: (reach: Reach) => ReactNode }) {
  const [reach, setReach] = useState<Reach | null>(null);
  return reach ? live(reach) : <SelectFace {...face} onReach={setReach} />;
}

/** What a closed select needs of its Select props to draw the props' own face. */
type ClosedSelectProps = SelectProps & { options: { value: string | number; label: ReactNode }[] };

/**
 * antd's Select for a filter, drawn closed in plain elements until a person reaches it (UntilReached). A multiple
 * select with values chosen is antd's from the start: its tags are antd's to lay out.
 */
export function ClosedSelect(props: ClosedSelectProps) {
  const multiple = props.mode !== undefined;
  const chosen = multiple ? undefined : props.options.find((option) => option.value === props.value);
  if (props.disabled || (multiple && Array.isArray(props.value) && props.value.length > 0) || (!multiple && props.value != null && !chosen)) return <Select {...props} />;
  const face: SelectFaceProps = {
    shown: chosen?.label,
    placeholder: props.placeholder,
    multiple,
    allowClear: !!props.allowClear,
    showSearch: !!props.showSearch || multiple,
    suffixIcon: props.suffixIcon,
    style: props.style,
    'aria-label': props['aria-label'],
    'data-testid': (props as { 'data-testid'?: string })['data-testid'],
  };
  return <UntilReached face={face} live={(reach) => <Select {...props} autoFocus={reach !== 'pointer'} defaultOpen={reach === 'press'} />} />;
}
