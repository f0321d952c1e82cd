import { ConfigError } from './config/env';
import { DataDirInUseError } from '@lodestar/db';
import { startServer } from './boot';
import type { Tracing } from './observability/tracing';

/** Start, print the URL, stop cleanly on SIGINT/SIGTERM (then send the traces still buffered). */
export async function main(tracing: Tracing | undefined): Promise<void> {
  let running;
  try {
    running = await startServer(process.env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Lodestar could not start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
    process.exit(1);
  }
  process.stdout.write(`Lodestar is running at ${running.url}\n`);

  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) {
      process.stderr.write(`Second ${signal}: exiting now\n`);
      process.exit(1);
    }
    signalled = true;
    process.stdout.write('Stopping Lodestar…\n');
    running
      .stop()
      // Buffered spans are sent; a collector that cannot be reached does not make the stop a failure.
      .then(() => tracing?.shutdown().catch(() => undefined))
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`Error while stopping: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

