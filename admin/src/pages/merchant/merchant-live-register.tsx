import { LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { type BaseRecord, useOne, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Empty, Row, Segmented, Space, Spin, Switch, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { type LiveRegister, readLiveRegister } from './merchant-api';
import { RegisterChart } from './lazy-charts';
import { useAutoRefresh } from './use-auto-refresh';

/** The chart's intervals (spec part 1 section 9); per 10 minutes is the default. */
export const INTERVALS = [
  { value: 3_600_000, label: 'Per hour' },
  { value: 600_000, label: 'Per 10 minutes' },
  { value: 60_000, label: 'Per minute' },
] as const;

/** Merchant live register: a bar chart per register terminal with an interval selector. */
export default function MerchantLiveRegister() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { merchantId = '' } = useParams();
  const [interval, setIntervalMs] = useState<number>(600_000);
  const [register, setRegister] = useState<LiveRegister | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [auto, setAuto] = useState(true);
  const { result: merchant } = useOne<BaseRecord>({ resource: 'merchant', id: merchantId, meta: { select: ['name.full'] } });
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRegister(await readLiveRegister(merchantId, interval));
      setError(null);
    } catch (failure) {
      setError((failure as { message?: string }).message ?? 'Error');
    } finally {
      setLoading(false);
    }
  }, [merchantId, interval]);
  useAutoRefresh(load, auto);
  const name = String((merchant as { name?: { full?: string } } | undefined)?.name?.full ?? t('Merchant'));
  return (
    <>
      <PageHeader
        title={`${name}: ${t('Live register')}`}
        crumbs={[{ label: t('Merchants'), to: '/company/merchant' }, { label: name, to: `/company/merchant/${merchantId}/edit` }, { label: t('Live register') }]}
        extra={<Button icon={<LineChartOutlined />} onClick={() => navigate(`/company/merchant/${merchantId}/live`)}>{t('Live data')}</Button>}
      />
      <Card style={{ marginBottom: 16 }}>
        <Space wrap size="large">
          <Segmented<number> value={interval} onChange={setIntervalMs} options={INTERVALS.map((entry) => ({ value: entry.value, label: t(entry.label) }))} data-testid="register-interval" />
          <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>{t('buttons.refresh')}</Button>
          <Space>
            <Switch checked={auto} onChange={setAuto} />
            <Typography.Text>{t('Refresh every 30 seconds')}</Typography.Text>
          </Space>
          {register && <Typography.Text type="secondary" data-testid="register-ymax">{t('Y-axis up to {{max}}', { max: register.yMax })}</Typography.Text>}
        </Space>
      </Card>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Spin spinning={loading && !register}>
        {register && register.terminals.length === 0 && <Empty description={t('No register terminals')} />}
        <Row gutter={[16, 16]}>
          {register?.terminals.map((terminal) => (
            <Col key={terminal.registerTerminalId ?? 'none'} xs={24} xl={12}>
              <Card size="small" title={terminal.name} data-testid="register-terminal" extra={<Typography.Text type="secondary">{t('{{count}} transactions', { count: terminal.series.reduce((sum, bar) => sum + bar.value, 0) })}</Typography.Text>}>
                <RegisterChart series={terminal.series} yMax={register.yMax} />
              </Card>
            </Col>
          ))}
        </Row>
      </Spin>
    </>
  );
}
