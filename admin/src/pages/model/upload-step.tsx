import { InboxOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Spin, Upload } from 'antd';
import type { ImportWizard } from './use-import-wizard';

/** Step 0: one CSV file, parsed in the browser and validated at once. */
export function UploadStep({ wizard }: { wizard: ImportWizard }) {
  const t = useTranslate();
  return (
    <Spin spinning={wizard.busy === 'validating'} tip={t('Checking the file...')}>
      <Upload.Dragger
        // no `accept`: it drops other files silently; the wizard refuses them with a message instead
        multiple={false}
        maxCount={1}
        showUploadList={false}
        onDrop={(event) => {
          if (event.dataTransfer.files.length > 1) wizard.refuseFiles();
        }}
        beforeUpload={(file, files) => {
          if (files.length > 1) return false;
          void wizard.upload(file);
          return false;
        }}
        data-testid="import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('Click or drag a CSV file to this area')}</p>
        <p className="ant-upload-hint">{t('One file, comma separated, with a header line. Empty lines are skipped.')}</p>
      </Upload.Dragger>
    </Spin>
  );
}
