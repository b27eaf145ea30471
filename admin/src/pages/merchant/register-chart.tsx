import { Column } from '@ant-design/plots';
import dayjs from 'dayjs';
import { useMemo } from 'react';

/** One register terminal's bars: transactions per interval, the y-axis up to yMax. */
export function RegisterChart({ series, yMax }: { series: { name: number; value: number }[]; yMax: number }) {
  const data = useMemo(() => series.map((bar) => ({ time: dayjs(bar.name).format('MM-DD HH:mm'), value: bar.value })), [series]);
  return (
    <Column
      data={data}
      xField="time"
      yField="value"
      height={220}
      animate={false}
      style={{ fill: '#1f6feb' }}
      scale={{ y: { domain: [0, yMax], nice: false } }}
      axis={{ x: { labelAutoHide: true, labelAutoRotate: false, labelFormatter: (label: string) => label.slice(6) }, y: { title: false } }}
    />
  );
}
