import { CloseOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { type DragEvent, useState } from 'react';
import { type LayoutMode, normalise, place, swap } from './layout-slots';

export interface SlotProduct {
  id: string;
  name: string;
}

const PRODUCT = 'application/x-backoffice-product';
const SLOT = 'application/x-backoffice-slot';

/**
 * The placement list of a layout: drag a product from the palette onto a slot, drag slots onto each other to swap
 * them, or pick the product in the slot's select. Mobile keeps one empty slot at the end; tablet has at least 24.
 */
export function LayoutSlotEditor({ value, onChange, products, mode, disabled }: { value?: string[]; onChange?: (value: string[]) => void; products: SlotProduct[]; mode: LayoutMode; disabled?: boolean }) {
  const t = useTranslate();
  const slots = normalise(mode, value ?? []);
  const [over, setOver] = useState<number | null>(null);
  const names = new Map(products.map((product) => [product.id, product.name]));
  const change = (next: string[]) => onChange?.(next);
  const drop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const product = event.dataTransfer.getData(PRODUCT);
    const slot = event.dataTransfer.getData(SLOT);
    if (product) change(place(mode, slots, index, product));
    else if (slot !== '') change(swap(mode, slots, Number(slot), index));
  };
  const placed = new Set(slots.filter(Boolean));
  return (
    <div data-testid={`slots-${mode}`}>
      <Flex wrap gap={6} style={{ marginBottom: 12 }} data-testid={`palette-${mode}`}>
        <Typography.Text type="secondary">{t('Drag a product onto a slot')}:</Typography.Text>
        {products.map((product) => (
          <Tag
            key={product.id}
            color={placed.has(product.id) ? 'blue' : undefined}
            draggable={!disabled}
            onDragStart={(event) => event.dataTransfer.setData(PRODUCT, product.id)}
            style={{ cursor: disabled ? 'default' : 'grab' }}
            data-testid="palette-product"
          >
            {product.name}
          </Tag>
        ))}
      </Flex>
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${mode === 'tablet' ? 170 : 220}px, 1fr))`, gap: 8 }}>
        {slots.map((slot, index) => (
          <div
            key={`${index}-${slot}`}
            data-testid="layout-slot"
            data-product={slot}
            draggable={!disabled && slot !== ''}
            onDragStart={(event) => event.dataTransfer.setData(SLOT, String(index))}
            onDragOver={(event) => (event.preventDefault(), setOver(index))}
            onDragLeave={() => setOver(null)}
            onDrop={drop(index)}
            style={{ border: `1px ${slot ? 'solid' : 'dashed'} ${over === index ? '#1f6feb' : '#d9d9d9'}`, borderRadius: 6, padding: 6, background: over === index ? '#1f6feb11' : slot ? '#fff' : '#fafafa' }}
          >
            <Flex align="center" gap={4}>
              <HolderOutlined style={{ color: '#999', cursor: slot ? 'grab' : 'default' }} />
              <Typography.Text type="secondary" style={{ width: 22 }}>{index + 1}</Typography.Text>
              <Select
                size="small"
                style={{ flex: 1, minWidth: 0 }}
                value={slot || undefined}
                placeholder={t('Empty slot')}
                allowClear
                disabled={disabled}
                showSearch
                optionFilterProp="label"
                aria-label={t('Slot {{n}}', { n: index + 1 })}
                options={products.map((product) => ({ value: product.id, label: product.name }))}
                onChange={(id) => change(place(mode, slots, index, id ?? ''))}
              />
              {slot && !disabled && <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('Empty this slot')} onClick={() => change(place(mode, slots, index, ''))} />}
            </Flex>
            {slot && !names.has(slot) && <Typography.Text type="danger">{t('Unknown product')}</Typography.Text>}
          </div>
        ))}
      </div>
      {mode === 'tablet' && !disabled && (
        <Button style={{ marginTop: 8 }} icon={<PlusOutlined />} onClick={() => change([...slots, ''])}>{t('Add slot')}</Button>
      )}
    </div>
  );
}
