/** Reads until `done` holds or `ms` pass, and answers the last value read (the caller's expect says what was wrong). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
