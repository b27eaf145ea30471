import { fieldsByPath, getPath, resolveField, type ResourceDef } from '@backoffice/resources';
import type { BaseRecord } from '@refinedev/core';
import { useTranslate } from '@refinedev/core';
import { Card, Col, Descriptions, Empty, Pagination, Row, Spin, Tag, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { Link } from 'react-router';
import { imageUrl } from '../../definitions/format';
import { editPath, labelOf, recordTitle } from '../../definitions/screens';
import { FieldValue } from './field-value';
import { asGeometry } from '../form/inputs/geometry';
import { GeometryThumbnail } from './geometry-thumbnail';
import { useRowActions } from './row-actions';

/** A record with a map icon shows it; one with a geometry shows a small map of it; else its first image. */
function coverOf(def: ResourceDef, record: BaseRecord) {
  const mapIcon = getPath(record, 'image.mapIcon');
  if (typeof mapIcon === 'string' && mapIcon) return <img alt="" src={imageUrl(mapIcon, 256)} style={{ height: 140, objectFit: 'contain' }} />;
  const geometry = [...fieldsByPath(def)].find(([, field]) => field.kind === 'geojson');
  if (geometry && asGeometry(getPath(record, geometry[0]))) return <GeometryThumbnail value={getPath(record, geometry[0])} />;
  const image = firstImage(def, record);
  return image ? <img alt="" src={imageUrl(image, 256)} style={{ height: 140, objectFit: 'cover' }} /> : undefined;
}

function firstImage(def: ResourceDef, record: BaseRecord): string | undefined {
  for (const [path, field] of fieldsByPath(def)) {
    if (field.kind !== 'image') continue;
    const id = getPath(record, path);
    if (typeof id === 'string' && id) return id;
  }
  return undefined;
}

/** The card view of a list: cover image, title, a few columns and the row actions. */
export function CardGrid({ def, records, loading, pagination }: { def: ResourceDef; records: readonly BaseRecord[]; loading: boolean; pagination: false | TablePaginationConfig | undefined }) {
  const t = useTranslate();
  const rowActions = useRowActions(def);
  const details = def.list.columns.filter((path) => path !== def.titlePath).slice(0, 3);
  if (!loading && records.length === 0) return <Empty />;
  return (
    <Spin spinning={loading}>
      <Row gutter={[16, 16]}>
        {records.map((record) => {
          const id = String(record._id ?? record.id);
          const cover = coverOf(def, record);
          const archived = getPath(record, 'meta.archived') === true;
          return (
            <Col key={id} className="card-cell" xs={24} sm={12} lg={8} xxl={6}>
              <Card
                data-testid="record-card"
                size="small"
                cover={cover}
                title={<Link to={editPath(def, id)}>{recordTitle(def, record) || t('(no name)')}</Link>}
                extra={archived ? <Tag>{t('Archived')}</Tag> : undefined}
                actions={[<span key="actions">{rowActions(record)}</span>]}
              >
                <Descriptions size="small" column={1}>
                  {details.map((path) => (
                    <Descriptions.Item key={path} label={<Typography.Text type="secondary">{t(labelOf(def, path))}</Typography.Text>}>
                      <FieldValue field={resolveField(def, path)} value={getPath(record, path)} record={record} />
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              </Card>
            </Col>
          );
        })}
      </Row>
      {pagination && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showSizeChanger={pagination.showSizeChanger}
          onChange={(page, size) => pagination.onChange?.(page, size)}
        />
      )}
    </Spin>
  );
}
