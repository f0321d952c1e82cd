import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export type Tracing = { shutdown(): Promise<void> };

/**
 * OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT, ADR 061): a span per HTTP request (incoming and
 * outgoing) and per PostgreSQL query, sent over OTLP/HTTP (JSON) to the collector. The exporter reads the
 * standard OTEL_* variables itself (endpoint, headers, timeout; OTEL_BSP_* for batching).
 *
 * Loaded only when the variable is set (main.ts imports this module dynamically), and before the server's
 * modules: `pg` and `node:http` are wrapped as they are imported, so nothing may import them first.
 */
export async function startTracing(): Promise<Tracing> {
  // ES modules are wrapped by a loader hook, limited to the modules the instrumentations ask for.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'lodestar' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Health probes every few seconds would drown the traces worth reading.
        ignoreIncomingRequestHook: (request) =>
          request.url === '/api/v1/health' || request.url === '/api/v1/ready',
      }),
      // Statements only: parameters are the user's data and are never recorded.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  return { shutdown: () => provider.shutdown() };
}
