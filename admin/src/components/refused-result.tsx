import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** A 403 state in place of what the user may not use (the API refuses it as well), with a way elsewhere. */
export function RefusedResult({ testId, title, subTitle, back }: { testId: string; title: string; subTitle: string; back?: { to: string; label: string; primary?: boolean } }) {
  return (
    <div data-testid={testId}>
      <Result
        status="403"
        title={title}
        subTitle={subTitle}
        extra={back && <Link to={back.to}><Button type={back.primary ? 'primary' : 'default'}>{back.label}</Button></Link>}
      />
    </div>
  );
}
