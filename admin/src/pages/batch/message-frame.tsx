import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { batchApi } from './batch-api';

/** One recipient's message, rendered by the server, in a sandboxed frame (no scripts, no same-origin access). */
export function MessageFrame({ batchId, seq, height = 420 }: { batchId: string; seq: number; height?: number }) {
  const [message, setMessage] = useState<{ html: string; subject: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setMessage(null);
    setFailed(false);
    let current = true;
    batchApi.preview(batchId, seq).then(
      (answer) => current && setMessage(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [batchId, seq]);
  if (failed) return <div data-testid="message-frame-error">Whoops, something went wrong!</div>;
  return (
    <div>
      <div data-testid="message-subject" style={{ fontWeight: 600, marginBottom: 8 }}>{message?.subject}</div>
      {/* a frame made once its message is there: a frame whose srcdoc changes is navigated again, and for a moment shows nothing */}
      {message ? (
        <iframe key={seq} data-testid="message-frame" title={`message ${seq}`} sandbox="" srcDoc={message.html} style={{ ...frameStyle, height }} />
      ) : (
        <div style={{ ...frameStyle, height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin />
        </div>
      )}
    </div>
  );
}

const frameStyle = { width: '100%', border: '1px solid #f0f0f0', background: '#fff' } as const;
