import { describe, expect, it } from 'vitest';
import { addSample, formatDuration, remainingSeconds } from './batch-progress';

const t = (key: string, values: Record<string, unknown> = {}) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('batch progress', () => {
  it('says hours and minutes, minutes, or seconds', () => {
    expect(formatDuration(3 * 3600 + 25 * 60 + 10, t)).toBe('3 h 25 min');
    expect(formatDuration(125, t)).toBe('2 min');
    expect(formatDuration(42.4, t)).toBe('42 s');
  });

  it('estimates only from 5 samples on, at the rate between the first and the last', () => {
    let samples = [0, 1, 2, 3].map((second) => ({ at: second * 1000, finished: second * 10 }));
    expect(remainingSeconds(samples, 100)).toBeNull();
    samples = addSample(samples, { at: 4000, finished: 40 });
    expect(remainingSeconds(samples, 100)).toBe(6);
    expect(remainingSeconds(samples.map((sample) => ({ ...sample, finished: 0 })), 100)).toBeNull();
  });
});
