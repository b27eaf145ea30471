import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A chart that loads the chart library when it first draws: the library is most of the live pages' JavaScript, so
 * their figures and tables show first and the charts follow.
 */
function lazyChart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Chart = lazy(() => load().then((component) => ({ default: component })));
  return function LazyChart(props: Props) {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', padding: 64 }} />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const SalesChart = lazyChart(() => import('./sales-chart').then((module) => module.SalesChart));
export const RegisterChart = lazyChart(() => import('./register-chart').then((module) => module.RegisterChart));
