import { type PointerEvent as ReactPointerEvent, type ThHTMLAttributes, useState } from 'react';

const MIN_WIDTH = 60;

export interface ResizableHeaderProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  onResize?: (width: number) => void;
}

/** A table header cell whose right edge drags its column wider or narrower (antd's `components.header.cell`). */
export function ResizableHeaderCell({ width, onResize, ...props }: ResizableHeaderProps) {
  const [dragged, setDragged] = useState<number>();
  if (!onResize) return <th {...props} />;
  const start = (event: ReactPointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const from = event.clientX;
    const initial = (event.currentTarget.parentElement as HTMLElement).offsetWidth;
    const widthAt = (x: number) => Math.max(MIN_WIDTH, Math.round(initial + x - from));
    const move = (moved: PointerEvent) => setDragged(widthAt(moved.clientX));
    const end = (ended: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      setDragged(undefined);
      onResize(widthAt(ended.clientX));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end, { once: true });
  };
  return (
    <th {...props} style={{ ...props.style, position: 'relative', width: dragged ?? width }}>
      {props.children}
      <span
        role="separator"
        aria-orientation="vertical"
        onPointerDown={start}
        onClick={(event) => event.stopPropagation()}
        style={{ position: 'absolute', top: 0, right: 0, bottom: 0, width: 6, cursor: 'col-resize', touchAction: 'none' }}
        data-testid="column-resize"
      />
    </th>
  );
}
