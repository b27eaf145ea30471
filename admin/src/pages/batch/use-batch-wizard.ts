import { BATCH_SIZE_DEFAULT, type BatchGroup, type BatchStatus, batchSizeFor } from '@backoffice/resources';
import { useCallback, useState } from 'react';
import { batchApi } from './batch-api';

export const BATCH_STEPS = ['Read instructions', 'Dynamic group', 'Select template', 'Render & preview', 'Send batch'] as const;

/**
 * The wizard's state: steps 0 to 4, revisitable up to the highest reached (part 2 section 4); the batch is
 * made on entering the render step and made again when the group or the template changed since.
 */
export function useBatchWizard() {
  const [step, setStep] = useState(0);
  const [highest, setHighest] = useState(0);
  const [group, setGroupState] = useState<BatchGroup | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [kind, setKind] = useState<string>('mail');
  const [templateId, setTemplateIdState] = useState<string | null>(null);
  const [chunkSize, setChunkSize] = useState<number>(BATCH_SIZE_DEFAULT);
  const [batch, setBatch] = useState<BatchStatus | null>(null);
  const [batchKey, setBatchKey] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const setGroup = useCallback((next: BatchGroup | null, counted: number | null) => {
    setGroupState(next);
    setCount(counted);
    setHighest((reached) => Math.min(reached, 1));
  }, []);

  const setTemplate = useCallback((id: string | null, templateKind: string) => {
    setTemplateIdState(id);
    setKind(templateKind);
    setChunkSize(batchSizeFor(templateKind));
    setHighest((reached) => Math.min(reached, 2));
  }, []);

  const ensureBatch = useCallback(async () => {
    if (!group || !templateId) return;
    const key = JSON.stringify({ group, templateId });
    if (key === batchKey) return;
    setCreating(true);
    setCreateError(null);
    try {
      setBatch(await batchApi.create({ group, templateId }));
      setBatchKey(key);
    } catch (error) {
      setCreateError((error as { message?: string }).message ?? 'Whoops, something went wrong!');
    } finally {
      setCreating(false);
    }
  }, [group, templateId, batchKey]);

  const goTo = useCallback((target: number) => {
    if (target > highest + 1 || target < 0 || target > 4) return;
    setStep(target);
    setHighest((reached) => Math.max(reached, target));
    if (target === 3) void ensureBatch();
  }, [highest, ensureBatch]);

  /** Shows an earlier batch in the send step (one with recipients waiting for a decision). */
  const open = useCallback((earlier: BatchStatus) => {
    setBatch(earlier);
    setBatchKey(null);
    setStep(4);
    setHighest(4);
  }, []);

  const canLeave = [true, (count ?? 0) > 0, !!templateId, !!batch && !creating, false][step];
  return { step, highest, goTo, open, group, count, setGroup, kind, templateId, setTemplate, chunkSize, setChunkSize, batch, setBatch, creating, createError, canLeave };
}

export type BatchWizard = ReturnType<typeof useBatchWizard>;
