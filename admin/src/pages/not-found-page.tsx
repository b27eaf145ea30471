import { useTranslate } from '@refinedev/core';
import { Button, Result } from 'antd';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const t = useTranslate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('Sorry, this page does not exist.')}
      extra={
        <Link to="/company">
          <Button type="primary">{t('pages.error.backHome')}</Button>
        </Link>
      }
    />
  );
}
