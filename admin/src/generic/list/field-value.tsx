import { type FieldDef, getPath } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { RowTag } from '../../components/row-tag';
import { Thumbnail } from '../../components/thumbnail';
import { findResource } from '@backoffice/resources';
import { formatEuro, formatNumber, formatUnix, localized } from '../../definitions/format';
import { choiceLabel, recordTitle } from '../../definitions/screens';
import { ReferenceTitle } from './reference-title';

/** A record's value rendered by its field kind (the one place a stored value becomes what a person reads), in plain elements where antd's would cost each cell observers. */
export function FieldValue({ field, value, record }: { field: FieldDef | undefined; value: unknown; record?: Record<string, unknown> }) {
  const t = useTranslate();
  if (value === undefined || value === null || value === '') return <span className="cell-secondary">-</span>;
  switch (field?.kind) {
    case 'money':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatEuro(value)}</span>;
    case 'unixTime':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatUnix(value)}</span>;
    case 'boolean':
      return value ? <RowTag color="blue">{t('Yes')}</RowTag> : <RowTag>{t('No')}</RowTag>;
    case 'enum':
      return <RowTag>{t(choiceLabel(field, value))}</RowTag>;
    case 'image':
      return <Thumbnail id={String(value)} size={32} radius={4} />;
    case 'localizedText':
      return <>{localized(value)}</>;
    case 'reference': {
      const populated = field.ref?.populateAs && record ? getPath(record, field.ref.populateAs) : undefined;
      const target = field.ref ? findResource(field.ref.resource) : undefined;
      const title = populated && target ? recordTitle(target, populated as Record<string, unknown>) : '';
      if (title) return <>{title}</>;
      return field.ref ? <ReferenceTitle resource={field.ref.resource} id={String(value)} /> : null;
    }
    case 'list':
      if (!Array.isArray(value)) return null;
      if (field.itemKind && value.every((item) => typeof item === 'string')) return <>{value.map((item) => <RowTag key={String(item)}>{field.choices ? t(choiceLabel(field, item)) : item}</RowTag>)}</>;
      return <>{t('{{count}} items', { count: value.length })}</>;
    case 'geojson':
      return <>{(value as { type?: string }).type ?? ''}</>;
    case 'object':
      return <span className="cell-secondary">{'{…}'}</span>;
    case 'number':
      return <>{formatNumber(value)}</>;
    default:
      if (field?.choices?.length) return <RowTag>{t(choiceLabel(field, value))}</RowTag>;
      if (Array.isArray(value)) return <>{value.map((item) => <RowTag key={String(item)}>{String(item)}</RowTag>)}</>;
      // CSS cuts a long text short and the browser's own tooltip shows it whole: antd's measured ellipsis made each
      // cell of a page of 25 rows observe its size and carry a tooltip of its own
      return <span className="cell-text" title={String(value)}>{String(value)}</span>;
  }
}
