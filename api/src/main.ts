import 'reflect-metadata';
import { runMain } from './common/process-lifecycle';
import { loadConfigOrExit } from './config';

/** Settings first: a refused configuration ends the process before the server's modules even load. */
runMain(async () => {
  const config = loadConfigOrExit();
  const { startServer } = await import('./server');
  await startServer(config);
});
