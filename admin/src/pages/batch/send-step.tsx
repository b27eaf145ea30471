import type { BatchStatus } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Progress, Radio, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../providers/use-me';
import { pauseReasonText } from './pause-reason';
import { batchApi } from './batch-api';
import { addSample, formatDuration, type ProgressSample, remainingSeconds } from './batch-progress';
import { DecisionPanel } from './decision-panel';
import { ResultsTable } from './results-table';
import type { BatchWizard } from './use-batch-wizard';

const finishedOf = (batch: BatchStatus) => batch.counts.done + batch.counts.declined + batch.counts.error;
const isWaiting = (batch: BatchStatus) => batch.runner === 'running' && batch.deliverAt !== null && batch.deliverAt * 1000 > Date.now();

/** Keeps the batch status fresh while it runs, with samples of its progress for the estimate. */
function useBatchStatus(wizard: BatchWizard) {
  const [samples, setSamples] = useState<ProgressSample[]>([]);
  const batch = wizard.batch;
  const polling = batch?.runner === 'running';
  const setBatch = useRef(wizard.setBatch);
  setBatch.current = wizard.setBatch;
  useEffect(() => {
    if (!polling || !batch) return;
    const timer = setInterval(async () => {
      const status = await batchApi.status(batch._id).catch(() => null);
      if (!status) return;
      setBatch.current(status);
      setSamples((previous) => addSample(previous, { at: Date.now(), finished: finishedOf(status) }));
    }, 1000);
    return () => clearInterval(timer);
  }, [polling, batch?._id]);
  return { samples, resetSamples: () => setSamples([]) };
}

/** Send batch: now or in one of the 480 slots; Run and Pause toggle the runner; progress and the results table. */
export function SendStep({ wizard }: { wizard: BatchWizard }) {
  const t = useTranslate();
  const me = useMe();
  const [mode, setMode] = useState<'now' | 'plan'>('now');
  const [slots, setSlots] = useState<number[]>([]);
  const [slot, setSlot] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { samples, resetSamples } = useBatchStatus(wizard);
  const batch = wizard.batch!;
  useEffect(() => {
    batchApi.slots().then(setSlots, () => setSlots([]));
  }, []);

  const act = async (call: () => Promise<BatchStatus>) => {
    setBusy(true);
    setError(null);
    try {
      wizard.setBatch(await call());
    } catch (failure) {
      setError((failure as { message?: string }).message ?? 'Whoops, something went wrong!');
    } finally {
      setBusy(false);
    }
  };
  const chunkSize = me?.rights.includes('super') ? wizard.chunkSize : undefined;
  const run = () => {
    resetSamples();
    return act(() => batchApi.run(batch._id, { ...(mode === 'plan' && slot && !batch.startedAt && { deliverAt: slot }), ...(chunkSize && { chunkSize }) }));
  };

  const finished = finishedOf(batch);
  const remaining = batch.runner === 'running' ? remainingSeconds(samples, batch.total) : null;
  const ended = batch.runner === 'completed' || batch.runner === 'cancelled';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {!batch.startedAt && !ended && batch.deliverAt === null && (
        <Space wrap>
          <Radio.Group value={mode} onChange={(event) => setMode(event.target.value)} options={[{ value: 'now', label: t('Send now') }, { value: 'plan', label: t('Plan') }]} />
          {mode === 'plan' && (
            <Select data-testid="batch-slot" style={{ width: 200 }} placeholder={t('Choose a time')} value={slot} onChange={setSlot}
              options={slots.map((candidate) => ({ value: candidate, label: dayjs.unix(candidate).format('YYYY-MM-DD HH:mm') }))} />
          )}
        </Space>
      )}
      <Space>
        {batch.runner === 'paused' && <Button type="primary" data-testid="batch-run" loading={busy} disabled={mode === 'plan' && !slot && !batch.startedAt} onClick={run}>{t('Run')}</Button>}
        {batch.runner === 'running' && <Button data-testid="batch-pause" loading={busy} onClick={() => act(() => batchApi.pause(batch._id))}>{t('Pause')}</Button>}
        <Typography.Text data-testid="batch-runner" type="secondary">{t(batch.runner)}</Typography.Text>
      </Space>
      {isWaiting(batch) && (
        <Alert type="info" showIcon data-testid="batch-planned"
          message={t('Planned for {{date}}', { date: dayjs.unix(batch.deliverAt!).format('YYYY-MM-DD HH:mm') })}
          description={<Link to="/company/communication/planned">{t('Planned communications')}</Link>} />
      )}
      {batch.pauseReason && batch.pauseReason !== 'rate-limited' && (
        <Alert type="warning" showIcon data-testid="batch-pause-reason" message={pauseReasonText(batch.pauseReason, t).title} description={pauseReasonText(batch.pauseReason, t).detail} />
      )}
      {batch.runner === 'completed' && <Alert type="success" showIcon data-testid="batch-sent" message={t('Successfully sent')} />}
      {batch.pauseReason === 'rate-limited' && <Alert type="info" showIcon message={t('The provider asked to slow down; sending continues shortly')} />}
      {batch.settlingUntil !== null && (
        <Alert type="info" showIcon data-testid="batch-settling"
          message={t("Some messages were handed over without an answer: they wait for the provider's log until {{time}}", { time: dayjs.unix(batch.settlingUntil).format('HH:mm') })}
          description={t('Until then they are neither sent again nor marked; then the log says whether they went out, or a person decides.')} />
      )}
      <Progress percent={Math.floor((finished / Math.max(1, batch.total)) * 100)} status={batch.runner === 'running' ? 'active' : undefined} />
      <Typography.Text data-testid="batch-progress">
        {batch.runner === 'completed' && batch.startedAt && batch.completedAt !== null
          ? t('Completed in {{duration}}', { duration: formatDuration(batch.completedAt - batch.startedAt, t) })
          : remaining !== null ? t('About {{duration}} remaining', { duration: formatDuration(remaining, t) }) : `${finished} / ${batch.total}`}
      </Typography.Text>
      <Space wrap data-testid="batch-counts">
        <span>{t('Done')}: {batch.counts.done}</span>
        <span>{t('Declined')}: {batch.counts.declined}</span>
        <span>{t('Error')}: {batch.counts.error}</span>
        {batch.notRegisteredForPush > 0 && <span>{t('Not registered for push notifications')}: {batch.notRegisteredForPush}</span>}
        {batch.invalidScheduledDate > 0 && <span>{t('Invalid scheduled date')}: {batch.invalidScheduledDate}</span>}
        {batch.counts.uncertain > 0 && <span>{t('Needs a decision')}: {batch.counts.uncertain}</span>}
      </Space>
      {error && <Alert type="error" showIcon message={t(error)} />}
      {batch.counts.uncertain > 0 && <DecisionPanel batch={batch} onDecided={wizard.setBatch} />}
      <ResultsTable batchId={batch._id} refreshKey={`${batch.runner} ${Object.values(batch.counts).join(' ')}`} />
    </Space>
  );
}
