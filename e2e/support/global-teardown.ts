import { readState, stopStack } from './stack';

export default async function globalTeardown(): Promise<void> {
  try {
    stopStack(readState());
  } catch {
    // nothing started
  }
}
