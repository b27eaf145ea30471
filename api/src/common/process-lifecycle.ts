/** Closes what the process opened on SIGINT and SIGTERM, then exits. */
export function closeOnSignals(close: () => Promise<void>): void {
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Runs a process's entry point; a failure is printed and ends the process. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
