/**
 * `npm start` entry. With OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts first: it wraps `pg` and
 * `node:http` as they are imported, so the server's modules are imported only after it (and without the
 * variable, no OpenTelemetry SDK is loaded at all).
 */
import type { Tracing } from './observability/tracing';

async function startTracingIfSet(): Promise<Tracing | undefined> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return undefined;
  try {
    return await (await import('./observability/tracing')).startTracing();
  } catch (error) {
    process.stderr.write(
      `Tracing is off: it could not start (${error instanceof Error ? error.message : String(error)})\n`,
    );
    return undefined;
  }
}

const tracing = await startTracingIfSet();
const { main } = await import('./run');
await main(tracing);
