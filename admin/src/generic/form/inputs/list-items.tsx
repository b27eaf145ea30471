import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Flex, Form, Input, InputNumber, Space } from 'antd';
import { fieldProblem, isDerivedDate, isEditable } from '../field-rules';
import { FieldItem, type FieldItemProps } from '../field-item';

/** A list of sub-items (each a small card of fields) or of scalars, with add and remove. */
export function ListItems(props: FieldItemProps & { label: string }) {
  const t = useTranslate();
  const { field, name, fullPath, label } = props;
  const disabled = props.disabled(field);
  const listRule = {
    validator: async (_: unknown, value: unknown) => {
      const problem = Array.isArray(value) ? fieldProblem({ ...field, fields: undefined, itemKind: undefined }, value) : null;
      if (problem) throw new Error(t(problem));
    },
  };
  return (
    <Form.Item label={label} tooltip={field.help ? t(field.help) : undefined} data-testid={`field-${fullPath}`}>
      <Form.List name={name} rules={[listRule]}>
        {(items, { add, remove }, { errors }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {items.map((item, index) =>
              field.fields ? (
                <Card
                  key={item.key}
                  size="small"
                  title={`${label} ${index + 1}`}
                  extra={!disabled && <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('Remove')} onClick={() => remove(item.name)} />}
                >
                  {field.fields.filter((sub) => isEditable(sub) && !isDerivedDate(sub, field.fields ?? [])).map((sub) => (
                    <FieldItem key={sub.path} {...props} field={sub} name={[item.name, ...sub.path.split('.')]} fullPath={`${fullPath}.${index}.${sub.path}`} />
                  ))}
                </Card>
              ) : (
                // a text item is 320 px wide, less on a narrow screen
                <Flex key={item.key} gap="small" align="baseline">
                  <Form.Item name={item.name} style={{ marginBottom: 0, ...(field.itemKind !== 'number' && { width: 320, maxWidth: '100%' }) }}>
                    {field.itemKind === 'number' ? <InputNumber disabled={disabled} /> : <Input disabled={disabled} />}
                  </Form.Item>
                  {!disabled && <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('Remove')} onClick={() => remove(item.name)} />}
                </Flex>
              ),
            )}
            {!disabled && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(field.fields ? {} : field.itemKind === 'number' ? 0 : '')}>
                {t('Add')}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
