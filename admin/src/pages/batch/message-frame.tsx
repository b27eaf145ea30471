import { useEffect, useState } from 'react';
import { batchApi } from './batch-api';

/** One recipient's message, rendered by the server, in a sandboxed frame (no scripts, no same-origin access). */
export function MessageFrame({ batchId, seq, height = 420 }: { batchId: string; seq: number; height?: number }) {
  const [message, setMessage] = useState<{ html: string; subject: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setMessage(null);
    setFailed(false);
    batchApi.preview(batchId, seq).then(setMessage, () => setFailed(true));
  }, [batchId, seq]);
  if (failed) return <div data-testid="message-frame-error">Whoops, something went wrong!</div>;
  return (
    <div>
      <div data-testid="message-subject" style={{ fontWeight: 600, marginBottom: 8 }}>{message?.subject}</div>
      <iframe data-testid="message-frame" title={`message ${seq}`} sandbox="" srcDoc={message?.html ?? ''} style={{ width: '100%', height, border: '1px solid #f0f0f0', background: '#fff' }} />
    </div>
  );
}
