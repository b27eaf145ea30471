import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { checkImageSize, type ImageRule } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { App, Button, Image, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { imageUrl } from '../../../definitions/format';
import { api } from '../../../providers/http';

/** Width and height of an image file, read in the browser. */
export async function imageDimensions(file: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const image = new window.Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function describeRule(rule: ImageRule | undefined, t: (key: string, options?: object) => string = (key) => key): string {
  if (!rule) return '';
  const parts: string[] = [];
  if (rule.ratios?.length) parts.push(rule.ratios.map(([w, h]) => `${w}:${h}`).join(` ${t('or')} `));
  if (rule.minWidth) parts.push(t('at least {{px}} px wide', { px: rule.minWidth }));
  if (rule.minHeight) parts.push(t('at least {{px}} px high', { px: rule.minHeight }));
  return parts.join(', ');
}

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  model: string;
  path: string;
  rule?: ImageRule;
  disabled?: boolean;
}

/** Image upload: the ratio and minimum size are checked before uploading, with the same rule as the API. */
export function ImageUpload({ value, onChange, model, path, rule, disabled }: Props) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    try {
      const { width, height } = await imageDimensions(file);
      const problem = rule ? checkImageSize(width, height, rule) : null;
      if (problem) {
        message.error(t(problem));
        return;
      }
      setBusy(true);
      const body = new FormData();
      body.append('file', file);
      const { data } = await api<{ _id: string }>(`/api/image?model=${encodeURIComponent(model)}&field=${encodeURIComponent(path)}`, { method: 'POST', body });
      onChange?.(data._id);
    } catch (error) {
      message.error((error as { message?: string }).message ?? t('Could not upload the image'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="start" data-testid={`image-${path}`}>
      {value ? <Image src={imageUrl(value, 256)} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} alt="" /> : null}
      <Space direction="vertical" size={4}>
        <Upload accept="image/png,image/jpeg,image/gif" showUploadList={false} disabled={disabled || busy} beforeUpload={(file) => (upload(file), false)}>
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {value ? t('Replace image') : t('Upload image')}
          </Button>
        </Upload>
        {value && !disabled && (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('Remove')}
          </Button>
        )}
        {rule && <Typography.Text type="secondary">{describeRule(rule, t)}</Typography.Text>}
      </Space>
    </Space>
  );
}
