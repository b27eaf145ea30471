import { Column } from '@ant-design/plots';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { formatEuro } from '../../definitions/format';
import type { LiveSales } from './merchant-api';

/** Revenue per time bucket: one bar per bucket (730 between from and to). */
export function SalesChart({ sales }: { sales: LiveSales }) {
  const format = sales.to - sales.from > 3 * 86_400 ? 'MM-DD HH:mm' : 'HH:mm';
  const data = useMemo(() => sales.timeline.map((bucket) => ({ time: dayjs.unix(bucket.unix).format(`YYYY-${format}`), euro: bucket.amountCents / 100, count: bucket.countNumber })), [sales, format]);
  return (
    <div data-testid="sales-chart" data-buckets={sales.timeline.length}>
      <Column
        data={data}
        xField="time"
        yField="euro"
        height={280}
        // 730 bars: animating them in kept the browser busy for seconds on first draw
        animate={false}
        style={{ fill: '#1f6feb' }}
        axis={{ x: { labelAutoHide: true, labelAutoRotate: false, labelFormatter: (label: string) => label.slice(5) }, y: { title: '€', labelFormatter: (euro: number) => formatEuro(Math.round(euro * 100)) } }}
        tooltip={{ items: [{ channel: 'y', name: 'Revenue', valueFormatter: (value: number) => formatEuro(Math.round(value * 100)) }, { field: 'count', name: 'Transactions' }] }}
      />
    </div>
  );
}
