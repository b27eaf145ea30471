import { InboxOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Spin, Upload } from 'antd';
import { useRef } from 'react';
import type { ImportWizard } from './use-import-wizard';

/** Step 0: one CSV file, parsed in the browser and validated at once. */
export function UploadStep({ wizard }: { wizard: ImportWizard }) {
  const t = useTranslate();
  const severalDropped = useRef(false);
  return (
    // the progress above says how far the check is; the spinner keeps a second file from being dropped meanwhile
    <Spin spinning={wizard.busy === 'validating'}>
      {/* capture: the count is known before the upload takes the first of several dropped files */}
      <div
        onDropCapture={(event) => {
          severalDropped.current = event.dataTransfer.files.length > 1;
          if (severalDropped.current) wizard.refuseFiles();
        }}
      >
        <Upload.Dragger
          // the picker offers CSV files; a dropped file of another type the wizard refuses with a message
          accept=".csv,text/csv"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            if (severalDropped.current) {
              severalDropped.current = false;
              return false;
            }
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
      </div>
    </Spin>
  );
}
