import { LineChartOutlined, SaveOutlined, ShopOutlined } from '@ant-design/icons';
import { type Doc, type FieldDef, getPath, resolveField } from '@backoffice/resources';
import { type BaseRecord, type HttpError, useList, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Row, Spin, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AfterFirstPaint } from '../../components/after-first-paint';
import { PageHeader } from '../../components/page-header';
import { localized } from '../../definitions/format';
import { SAVE_ERROR } from '../../definitions/messages';
import { requireResource } from '../../definitions/screens';
import { FieldItem } from '../../generic/form/field-item';
import { checkedBody, toFormError, undrawnErrors, withHeldFields } from '../../generic/form/prepare-values';
import { useGuardedForm } from '../../generic/form/use-guarded-form';
import { RecordHistory } from '../../generic/history/record-history';
import { canWriteField, effectiveRights } from '@backoffice/resources';
import { useAccess } from '../../generic/use-access';
import type { ApiFieldError } from '../../providers/http';
import { useMe } from '../../providers/use-me';
import { safeReturnPath } from '../../providers/auth-provider';
import { ImageWithSuggestions } from './ai-image-suggestions';
import { LayoutSlotEditor } from './layout-slot-editor';
import { ProductsTab } from './products-tab';

const ABOUT = ['name.full', 'name.id', 'name.description', 'nameLocalized.full', 'nameLocalized.description'];
const LAYOUTS = [
  { path: 'productLayoutMobile.tab0', mode: 'mobile', title: 'Mobile layout' },
  { path: 'productLayoutTablet.tab0', mode: 'tablet', title: 'Tablet layout' },
] as const;

/** What the About and Layout tabs hold, which are drawn after the tab on screen. */
const ABOUT_FIELDS = [...ABOUT, 'image.banner'];
const LAYOUT_FIELDS = LAYOUTS.flatMap((entry) => [`${entry.path}.nameLocalized.full`, `${entry.path}.placement`]);

/** Merchant edit (spec part 1 section 2): tabs Products, Layout and About, a Live data button, guarded when changed. */
export default function MerchantEdit() {
  const t = useTranslate();
  const navigate = useNavigate();
  const me = useMe();
  const [params] = useSearchParams();
  // the route key matches the generated edit route (/company/merchant/:id/edit) so this page replaces it
  const { id: merchantId = 'create' } = useParams();
  const isCreate = merchantId === 'create';
  const def = requireResource('merchant');
  const may = useAccess(def);
  const rights = useMemo(() => effectiveRights(me?.rights ?? []), [me]);
  const [tab, setTab] = useState(isCreate ? 'about' : params.get('tab') ?? 'products');
  const [otherErrors, setOtherErrors] = useState<ApiFieldError[]>([]);
  const { formProps, form, save, invalid, formLoading, query } = useGuardedForm({
    resource: 'merchant',
    id: merchantId,
    leaveGuard: true,
    onSaved: (data) => {
      if (isCreate) navigate(params.get('to') ? safeReturnPath(params.get('to')) : `/company/merchant/${data._id ?? data.id}/edit`);
    },
    onApiErrors: (apiErrors) => {
      form.setFields(apiErrors.map(toFormError));
      setOtherErrors(apiErrors.filter((entry) => !resolveField(def, entry.field.replace(/\.\d+(?=\.|$)/g, ''))));
    },
  });
  // nothing can be typed while the record loads: it would be replaced when the record arrives
  const disabled = (field: FieldDef) => !!query?.isLoading || !canWriteField(field, rights) || !(isCreate ? may.create : may.update);
  const { result: productList } = useList<BaseRecord>({
    resource: 'product',
    filters: [{ field: 'merchantRef.merchantId', operator: 'eq', value: merchantId }],
    pagination: { pageSize: 1000 },
    sorters: [{ field: 'nameLocalized.full.en', order: 'asc' }],
    meta: { select: ['nameLocalized.full'] },
    queryOptions: { enabled: !isCreate },
  });
  const products = (productList?.data ?? []).map((product) => ({ id: String(product._id ?? product.id), name: localized(getPath(product, 'nameLocalized.full')) || String(product._id) }));
  const submit = async (values: Doc) => {
    setOtherErrors([]);
    const held = isCreate ? ABOUT_FIELDS : [...ABOUT_FIELDS, ...LAYOUT_FIELDS];
    const { body, errors } = checkedBody(def, withHeldFields(values, held, form), me?.rights ?? [], form);
    if (errors.length > 0) {
      setOtherErrors(undrawnErrors(def, errors, form, t));
      return setTab(errors.some((error) => String(error.name[0]).startsWith('productLayout')) ? 'layout' : 'about');
    }
    await save(body);
  };
  const record = query?.data?.data;
  const name = (record && getPath(record, 'name.full')) as string | undefined;
  const field = (path: string) => resolveField(def, path)!;
  const item = (path: string, base = '') => {
    const full = base ? `${base}.${path}` : path;
    return <FieldItem key={full} model="merchant" field={{ ...(base ? resolveField(def, `${base}.${path}`)! : field(path)), path }} name={full.split('.')} fullPath={full} disabled={disabled} />;
  };
  const banner = field('image.banner');
  const about = (
    <Row gutter={24}>
      <Col xs={24} md={12}>{item('name.full')}</Col>
      <Col xs={24} md={12}>{item('name.id')}</Col>
      {ABOUT.slice(2).map((path) => <Col key={path} span={24}>{item(path)}</Col>)}
      <Col span={24}>
        <Form.Item label={t(banner.label ?? 'Banner')} name={['image', 'banner']} data-testid="field-image.banner">
          <ImageWithSuggestions model="merchant" path="image.banner" rule={banner.image} disabled={disabled(banner)} />
        </Form.Item>
      </Col>
    </Row>
  );
  const layout = (
    <Row gutter={[16, 16]}>
      {LAYOUTS.map((entry) => (
        <Col key={entry.path} span={24}>
          <Card size="small" title={t(entry.title)} data-testid={`layout-${entry.mode}`}>
            {item('nameLocalized.full', entry.path)}
            <Form.Item label={t('Product placement')} name={[...entry.path.split('.'), 'placement']}>
              <LayoutSlotEditor products={products} mode={entry.mode} disabled={!may.update} />
            </Form.Item>
          </Card>
        </Col>
      ))}
    </Row>
  );
  const tabs = [
    ...(isCreate ? [] : [{ key: 'products', label: t('Products'), children: <ProductsTab merchantId={merchantId} /> }]),
    // the form's other tabs are mounted for their fields, after the tab on screen is drawn
    ...(isCreate ? [] : [{ key: 'layout', label: t('Layout'), forceRender: true, children: <AfterFirstPaint now={tab === 'layout'}>{layout}</AfterFirstPaint> }]),
    { key: 'about', label: t('About'), forceRender: true, children: <AfterFirstPaint now={tab === 'about'}>{about}</AfterFirstPaint> },
    ...(isCreate ? [] : [{ key: 'history', label: t('History'), children: <RecordHistory def={def} id={merchantId} /> }]),
  ];
  return (
    <>
      <PageHeader
        title={isCreate ? t('Create {{model}}', { model: t('Merchant').toLowerCase() }) : name || t('Merchant')}
        crumbs={[{ label: t('Merchants'), to: '/company/merchant' }, { label: isCreate ? t('buttons.create') : name || t('Merchant') }]}
        extra={
          <>
            {!isCreate && <Button icon={<LineChartOutlined />} onClick={() => navigate(`/company/merchant/${merchantId}/live`)}>{t('Live data')}</Button>}
            {!isCreate && <Button icon={<ShopOutlined />} onClick={() => navigate(`/company/merchant/${merchantId}/self-service`)} data-testid="self-service">{t('Self-service')}</Button>}
            <Button type="primary" icon={<SaveOutlined />} loading={formLoading} disabled={(isCreate ? !may.create : !may.update) || invalid} onClick={() => form.submit()} data-testid="save">
              {t('buttons.save')}
            </Button>
          </>
        }
      />
      <Card>
        <Spin spinning={!!query?.isLoading}>
          {query?.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={(query.error as HttpError)?.message} />}
          {otherErrors.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t(SAVE_ERROR)} description={otherErrors.map((entry) => <div key={entry.field}>{entry.message}</div>)} />}
          <Form {...formProps} onFinish={submit} layout="vertical" scrollToFirstError>
            <Tabs activeKey={tab} onChange={setTab} items={tabs} />
          </Form>
        </Spin>
      </Card>
    </>
  );
}
