import { BarChartOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { type BaseRecord, useOne, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Row, Space, Spin, Statistic, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Thumbnail } from '../../components/thumbnail';
import { ClosedRangePicker } from '../../components/closed-date-picker';
import { PageHeader } from '../../components/page-header';
import { DATE_TIME_FORMAT } from '../../config';
import { formatEuro, localized } from '../../definitions/format';
import { LiveExportButtons } from './live-export-buttons';
import { type LiveSales, type ProductSalesRow, readLiveSales } from './merchant-api';
import { SalesChart } from './lazy-charts';
import { useAutoRefresh } from './use-auto-refresh';

/** Merchant live (spec part 1 section 2): period, revenue, product sales with total, a 730-bucket chart, exports. */
export default function MerchantLive() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { merchantId = 'all' } = useParams();
  const all = merchantId === 'all';
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs().endOf('day')]);
  const [sales, setSales] = useState<LiveSales | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [auto, setAuto] = useState(false);
  const { result: merchant } = useOne<BaseRecord>({ resource: 'merchant', id: merchantId, queryOptions: { enabled: !all }, meta: { select: ['name.full'] } });
  const from = range[0].unix();
  const to = range[1].unix() + 1;
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setSales(await readLiveSales(merchantId, from, to));
      setError(null);
    } catch (failure) {
      setError((failure as { message?: string }).message ?? 'Error');
    } finally {
      setLoading(false);
    }
  }, [merchantId, from, to]);
  useAutoRefresh(load, auto);
  const name = all ? t('All merchants') : String((merchant as { name?: { full?: string } } | undefined)?.name?.full ?? t('Merchant'));
  const rows = sales?.productRef ?? [];
  return (
    <>
      <PageHeader
        title={`${name}: ${t('Live')}`}
        crumbs={[{ label: t('Merchants'), to: '/company/merchant' }, { label: name, to: all ? undefined : `/company/merchant/${merchantId}/edit` }, { label: t('Live') }]}
        extra={
          <>
            {!all && <Button icon={<BarChartOutlined />} onClick={() => navigate(`/company/merchant/${merchantId}/live-register`)}>{t('Live register')}</Button>}
            <LiveExportButtons merchantId={merchantId} from={from} to={to} />
          </>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Space wrap size="large">
          <ClosedRangePicker
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            value={range}
            allowClear={false}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            data-testid="live-range"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading} data-testid="live-refresh">{t('buttons.refresh')}</Button>
          <Space>
            <Switch checked={auto} onChange={setAuto} data-testid="live-auto" />
            <Typography.Text>{t('Refresh every 30 seconds')}</Typography.Text>
          </Space>
        </Space>
      </Card>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Spin spinning={loading && !sales}>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <Card>
              <Statistic title={t('Revenue')} value={formatEuro(sales?.transactionTotal.cents ?? 0)} data-testid="live-revenue" />
              <Typography.Text type="secondary">{t('{{count}} transactions', { count: sales?.transactionTotal.countNumber ?? 0 })}</Typography.Text>
            </Card>
          </Col>
          <Col xs={24} md={16}>
            <Card title={t('Sales over time')} size="small">{sales && <SalesChart sales={sales} />}</Card>
          </Col>
          <Col span={24}>
            <Card title={t('Products sold')} size="small">
              <Table<ProductSalesRow>
                data-testid="live-products"
                rowKey="productId"
                size="small"
                pagination={false}
                dataSource={rows}
                columns={[
                  {
                    key: 'product', title: t('Product'),
                    render: (_, row) => (
                      <Space>
                        {row.product?.image?.profile ? <Thumbnail id={row.product.image.profile} size={28} radius={0} /> : null}
                        <span>{row.product ? localized(row.product.nameLocalized?.full) : t('Deleted product')}</span>
                        {all && row.product?.merchantRef?.merchant?.name?.full && <Typography.Text type="secondary">{row.product.merchantRef.merchant.name.full}</Typography.Text>}
                        {row.productPriceDifferent && (
                          <Tooltip title={t('Sold for another price than the current {{price}}', { price: formatEuro(row.product?.price?.cents) })}>
                            <Tag color="orange" icon={<WarningOutlined />} data-testid="price-different">{t('Price differs')}</Tag>
                          </Tooltip>
                        )}
                      </Space>
                    ),
                  },
                  { key: 'count', title: t('Count'), align: 'right', render: (_, row) => row.productCountNumber },
                  { key: 'amount', title: t('Amount'), align: 'right', render: (_, row) => formatEuro(row.productAmountCents) },
                ]}
                summary={() => (
                  <Table.Summary.Row data-testid="live-total">
                    <Table.Summary.Cell index={0}><strong>{t('Total')}</strong></Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right"><strong>{rows.reduce((sum, row) => sum + row.productCountNumber, 0)}</strong></Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right"><strong>{formatEuro(rows.reduce((sum, row) => sum + row.productAmountCents, 0))}</strong></Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
              />
            </Card>
          </Col>
        </Row>
      </Spin>
    </>
  );
}
