/**
 * At most `share` tasks of one company at once; the company's next tasks wait, in order, for one of its own to end.
 * Other companies' tasks do not wait behind them.
 */
export class CompanyShares {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(readonly share: number) {}

  /** Resolves when the company may start one more task; call the answer once when that task has ended. */
  async take(companyId: string): Promise<() => void> {
    const running = this.running.get(companyId) ?? 0;
    if (running < this.share) this.running.set(companyId, running + 1);
    else await new Promise<void>((resolve) => {
      const queue = this.waiting.get(companyId);
      if (queue) queue.push(resolve);
      else this.waiting.set(companyId, [resolve]);
    });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(companyId);
    };
  }

  /** A place that frees up passes to the company's next waiting task, or is given back. */
  private release(companyId: string): void {
    const queue = this.waiting.get(companyId);
    const next = queue?.shift();
    if (queue?.length === 0) this.waiting.delete(companyId);
    if (next) return next();
    const running = this.running.get(companyId)! - 1;
    if (running === 0) this.running.delete(companyId);
    else this.running.set(companyId, running);
  }
}
