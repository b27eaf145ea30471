import { SaveOutlined } from '@ant-design/icons';
import { canWriteField, type Doc, effectiveRights, type FieldDef, getPath, resolveField, withDefaults } from '@backoffice/resources';
import { type BaseRecord, type HttpError, useOne, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Form, Row, Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { localized } from '../../definitions/format';
import { SAVE_ERROR } from '../../definitions/messages';
import { requireResource } from '../../definitions/screens';
import { FieldItem } from '../../generic/form/field-item';
import { isDerivedDate, isEditable } from '../../generic/form/field-rules';
import { checkedBody, isOnForm, toFormError } from '../../generic/form/prepare-values';
import { isWide } from '../../generic/form/resource-form-fields';
import { useGuardedForm } from '../../generic/form/use-guarded-form';
import { RecordHistory } from '../../generic/history/record-history';
import { useAccess } from '../../generic/use-access';
import { safeReturnPath } from '../../providers/auth-provider';
import type { ApiFieldError } from '../../providers/http';
import { useMe } from '../../providers/use-me';
import { ImageWithSuggestions } from './ai-image-suggestions';
import { LockerFields } from './locker-fields';
import { productTemplate } from './merchant-api';
import { withProductLimit } from './product-limit';

const LOCKER_TYPE = 'locker-company-locker';
/** Fields with their own widgets below (or set by the route). */
const CUSTOM = ['content.lockerCompanyEventId', 'content.lockerCompanySizeId', 'content.lockerCompanyPeriodId', 'image.profile', 'taxPercentage', 'content.alcohol', 'merchantRef.merchantId'];
const percentOptions = (max: number) => Array.from({ length: max + 1 }, (_, percent) => ({ value: percent / 100, label: `${percent}%` }));

/**
 * Product edit at /company/merchant/{merchantId}/product/{productId}/edit ('create' makes one): every field of the spec,
 * tax 0 to 100 % and alcohol 0 to 39 % as choices, the Locker Company fields for lockers, image suggestions,
 * the 24-product question on create, 'Successfully saved' and back.
 */
export default function ProductEdit() {
  const t = useTranslate();
  const navigate = useNavigate();
  const me = useMe();
  const { modal } = App.useApp();
  const [params] = useSearchParams();
  const { merchantId = '', productId = 'create' } = useParams();
  const isCreate = productId === 'create';
  const knownMerchant = /^[0-9a-f]{24}$/.test(merchantId);
  const def = requireResource('product');
  const may = useAccess(def);
  const rights = useMemo(() => effectiveRights(me?.rights ?? []), [me]);
  const canSave = isCreate ? may.create : may.update;
  const [template, setTemplate] = useState<{ product: Doc; productCount: number } | null>(null);
  const [otherErrors, setOtherErrors] = useState<ApiFieldError[]>([]);
  const back = params.get('to') ? safeReturnPath(params.get('to')) : knownMerchant ? `/company/merchant/${merchantId}/edit?tab=products` : '/company/merchant/product';
  useEffect(() => {
    if (isCreate && knownMerchant) productTemplate(merchantId).then((answer) => setTemplate(answer), () => setTemplate({ product: { merchantRef: { merchantId } }, productCount: 0 }));
  }, [isCreate, knownMerchant, merchantId]);
  const { formProps, form, save: sendForm, invalid, formLoading, query } = useGuardedForm({
    resource: 'product',
    id: productId,
    leaveGuard: true,
    onSaved: () => navigate(back),
    onApiErrors: (apiErrors) => {
      const known = apiErrors.filter((entry) => isOnForm(def, entry.field));
      form.setFields(known.map(toFormError));
      setOtherErrors(apiErrors.filter((entry) => !known.includes(entry)));
    },
  });
  // nothing can be typed while the record loads: it would be replaced when the record arrives
  const disabled = (field: FieldDef) => !!query?.isLoading || !canWriteField(field, rights) || !canSave;
  const { result: merchant } = useOne<BaseRecord>({ resource: 'merchant', id: merchantId, queryOptions: { enabled: knownMerchant }, meta: { select: ['name.full'] } });
  useEffect(() => {
    if (isCreate && template) form.setFieldsValue(withDefaults(def, { ...template.product, ...(knownMerchant && { merchantRef: { merchantId } }) }) as never);
  }, [isCreate, template, form, def, knownMerchant, merchantId]);
  const type = Form.useWatch('type', form);
  const save = async (values: Doc) => {
    setOtherErrors([]);
    const { body, errors } = checkedBody(def, { ...values, ...(knownMerchant && { merchantRef: { merchantId } }) }, me?.rights ?? [], form);
    if (errors.length > 0) return form.scrollToField(errors[0].name);
    const send = () => void sendForm(body);
    if (isCreate) withProductLimit(template?.productCount ?? 0, modal, t, send);
    else send();
  };
  const fields = def.fields.filter((field) => isEditable(field) && !isDerivedDate(field, def.fields) && !CUSTOM.includes(field.path) && field.kind !== 'unixTime');
  const record = query?.data?.data;
  const name = record ? localized(getPath(record, 'nameLocalized.full')) : '';
  const merchantName = (merchant && getPath(merchant, 'name.full')) as string | undefined;
  const image = resolveField(def, 'image.profile')!;
  const percentItem = (path: string, label: string, max: number) => (
    <Form.Item label={t(label)} name={path.split('.')} data-testid={`field-${path}`}>
      <Select allowClear showSearch style={{ width: 200 }} options={percentOptions(max)} disabled={disabled(resolveField(def, path)!)} optionFilterProp="label" />
    </Form.Item>
  );
  return (
    <>
      <PageHeader
        title={isCreate ? t('New product') : name || t('Product')}
        crumbs={[
          { label: t('Merchants'), to: '/company/merchant' },
          ...(knownMerchant ? [{ label: merchantName ?? t('Merchant'), to: `/company/merchant/${merchantId}/edit?tab=products` }] : []),
          { label: isCreate ? t('buttons.create') : name || t('buttons.edit') },
        ]}
        extra={<Button type="primary" icon={<SaveOutlined />} loading={formLoading} disabled={!canSave || invalid} onClick={() => form.submit()} data-testid="save">{t('buttons.save')}</Button>}
      />
      <Card>
        <Spin spinning={!!query?.isLoading || (isCreate && knownMerchant && !template)}>
          {query?.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={(query.error as HttpError)?.message} />}
          {otherErrors.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t(SAVE_ERROR)} description={otherErrors.map((entry) => <div key={entry.field}>{entry.message}</div>)} />}
          <Form {...formProps} onFinish={save} layout="vertical" scrollToFirstError style={{ maxWidth: 1100 }}>
            <Row gutter={24}>
              {fields.map((field) => (
                <Col key={field.path} xs={24} md={isWide(field) ? 24 : 12}>
                  <FieldItem model="product" field={field} name={field.path.split('.')} fullPath={field.path} disabled={disabled} />
                </Col>
              ))}
              <Col xs={24} md={12}>{percentItem('taxPercentage', 'Tax percentage', 100)}</Col>
              <Col xs={24} md={12}>{percentItem('content.alcohol', 'Alcohol', 39)}</Col>
              {!knownMerchant && (
                <Col span={24}>
                  <FieldItem model="product" field={resolveField(def, 'merchantRef.merchantId')!} name={['merchantRef', 'merchantId']} fullPath="merchantRef.merchantId" disabled={disabled} />
                </Col>
              )}
              {type === LOCKER_TYPE && <Col span={24}><LockerFields form={form} disabled={!canSave} /></Col>}
              <Col span={24}>
                <Form.Item label={t(image.label ?? 'Image')} name={['image', 'profile']} data-testid="field-image.profile">
                  <ImageWithSuggestions model="product" path="image.profile" rule={image.image} disabled={disabled(image)} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        </Spin>
      </Card>
      {!isCreate && <RecordHistory def={def} id={productId} />}
    </>
  );
}
