import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Col, InputNumber, Row, Select, Space, Spin } from 'antd';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { type Geometry, type GeometryType, MIN_LINE_ENTRIES, MIN_RING_POSITIONS, type Position, asGeometry, centreOf, firstPosition, newGeometry, newRing } from './geometry';
import { FALLBACK_CENTRE, useCompanyMap } from './geometry-start';

interface GeometryInputProps {
  value?: unknown;
  onChange?: (value: Geometry | null) => void;
  disabled?: boolean;
}

const replaced = <T,>(items: readonly T[], index: number, item: T): T[] => items.map((old, at) => (at === index ? item : old));
const without = <T,>(items: readonly T[], index: number): T[] => items.filter((_, at) => at !== index);

/** Longitude then latitude, as GeoJSON has them. */
function PositionInput({ value, onChange, disabled, testId }: { value: Position; onChange: (position: Position) => void; disabled?: boolean; testId: string }) {
  const t = useTranslate();
  const number = (input: number | null) => (typeof input === 'number' ? input : 0);
  return (
    <Space.Compact data-testid={testId}>
      <InputNumber aria-label={t('Longitude')} addonBefore={t('Lon')} min={-180} max={180} value={value[0]} disabled={disabled} onChange={(lon) => onChange([number(lon), value[1]])} />
      <InputNumber aria-label={t('Latitude')} addonBefore={t('Lat')} min={-90} max={90} value={value[1]} disabled={disabled} onChange={(lat) => onChange([value[0], number(lat)])} />
    </Space.Compact>
  );
}

/** Positions with add and remove; remove is disabled at the form's minimum. */
function PositionList({ positions, minimum, onChange, disabled, testId }: { positions: Position[]; minimum: number; onChange: (positions: Position[]) => void; disabled?: boolean; testId: string }) {
  const t = useTranslate();
  return (
    <Space direction="vertical">
      {positions.map((position, index) => (
        <Space key={index}>
          <PositionInput value={position} disabled={disabled} testId={`${testId}-${index}`} onChange={(next) => onChange(replaced(positions, index, next))} />
          <Button aria-label={t('Remove position')} icon={<DeleteOutlined />} disabled={disabled || positions.length <= minimum} onClick={() => onChange(without(positions, index))} />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => onChange([...positions, [...(positions[positions.length - 1] ?? [0, 0])] as Position])}>
        {t('Add position')}
      </Button>
    </Space>
  );
}

const GeometryMap = lazy(() => import('./geometry-map'));

/** A map that fails to load leaves the coordinate inputs working. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The coordinate editor beside a map; both edit the same form value, so they stay in sync. */
export function GeometryInput(props: GeometryInputProps) {
  const map = useCompanyMap();
  // where new geometry starts: what the map shows, at first the company's located places
  const [shown, setShown] = useState<Position | null>(null);
  const start = shown ?? (map.bounds ? centreOf(map.bounds) : FALLBACK_CENTRE);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <GeometryFields {...props} start={start} />
      </Col>
      <Col xs={24} lg={14}>
        <MapBoundary>
          <Suspense fallback={<Spin />}>
            <GeometryMap {...props} tileUrl={map.tileUrl} bounds={map.bounds} onMove={setShown} />
          </Suspense>
        </MapBoundary>
      </Col>
    </Row>
  );
}

/** The geometry editor of a location: no geometry, a Point, a LineString or a Polygon of rings. */
function GeometryFields({ value, onChange, disabled, start }: GeometryInputProps & { start: Position }) {
  const t = useTranslate();
  const geometry = asGeometry(value);
  const set = (next: Geometry | null) => onChange?.(next);
  const chooseType = (type: GeometryType | 'none') => set(type === 'none' ? null : newGeometry(type, firstPosition(geometry) ?? start));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="geometry-editor">
      <Select
        aria-label={t('Geometry type')}
        data-testid="geometry-type"
        style={{ width: 220 }}
        disabled={disabled}
        value={geometry?.type ?? 'none'}
        onChange={chooseType}
        options={[
          { value: 'none', label: t('No geometry') },
          { value: 'Point', label: t('Point') },
          { value: 'LineString', label: t('Line') },
          { value: 'Polygon', label: t('Polygon') },
        ]}
      />
      {geometry?.type === 'Point' && <PositionInput value={geometry.coordinates} disabled={disabled} testId="geometry-point" onChange={(coordinates) => set({ type: 'Point', coordinates })} />}
      {geometry?.type === 'LineString' && (
        <PositionList positions={geometry.coordinates} minimum={MIN_LINE_ENTRIES} disabled={disabled} testId="geometry-line" onChange={(coordinates) => set({ type: 'LineString', coordinates })} />
      )}
      {geometry?.type === 'Polygon' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {geometry.coordinates.map((ring, index) => (
            <Card
              key={index}
              size="small"
              title={t('Ring {{number}}', { number: index + 1 })}
              extra={<Button size="small" aria-label={t('Remove ring')} icon={<DeleteOutlined />} disabled={disabled || geometry.coordinates.length <= 1} onClick={() => set({ type: 'Polygon', coordinates: without(geometry.coordinates, index) })} />}
            >
              <PositionList positions={ring} minimum={MIN_RING_POSITIONS} disabled={disabled} testId={`geometry-ring-${index}`} onChange={(positions) => set({ type: 'Polygon', coordinates: replaced(geometry.coordinates, index, positions) })} />
            </Card>
          ))}
          <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => set({ type: 'Polygon', coordinates: [...geometry.coordinates, newRing(firstPosition(geometry) ?? start)] })}>
            {t('Add ring')}
          </Button>
        </Space>
      )}
    </Space>
  );
}
