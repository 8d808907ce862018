import { register } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';

/*
 * This module is imported by the process entries before any module of the shop (decision 0401):
 * it must import nothing that loads express, pg or node:http's users, or they would escape the
 * instrumentations' hooks.
 */

/** What a process registered: `stop` exports what is left and unregisters. */
export interface Tracing {
  enabled: boolean;
  stop: () => Promise<void>;
}

/**
 * Tracing is on when the standard variables name somewhere to send spans: OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_TRACES_EXPORTER=otlp; OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none keeps it off (decision 0400).
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter === 'none') return false;
  return exporter === 'otlp' || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Registers the OpenTelemetry SDK and the http, express and pg instrumentations for this process
 * when `tracingWanted`, exporting over OTLP (the exporter reads OTEL_EXPORTER_OTLP_* itself; the
 * sampler OTEL_TRACES_SAMPLER, parent-based always-on by default). The service is named for the
 * process's role unless OTEL_SERVICE_NAME says otherwise. Off, nothing is registered, no module
 * hook is installed and the API stays a no-op.
 *
 * Call it before the shop's modules are imported (the entries import them afterwards, dynamically):
 * under ESM the instrumentations patch only modules loaded after the loader hook (decision 0401).
 */
export async function startTracing(role: string, env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  if (!tracingWanted(env)) return { enabled: false, stop: async () => undefined };
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const tracing = registerTracing(env.OTEL_SERVICE_NAME || role, [new BatchSpanProcessor(new OTLPTraceExporter())]);
  await waitForAllMessagesAcknowledged();
  return tracing;
}

/**
 * The SDK with the given span processors (an OTLP exporter; the tests' in-memory one) and the
 * instrumentations, registered globally. Modules already imported are patched only where their
 * `require` is asked again (CommonJS); the process entries call `startTracing` before importing any.
 */
export function registerTracing(serviceName: string, spanProcessors: SpanProcessor[]): Tracing {
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': serviceName }), spanProcessors });
  provider.register();
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations: instrumentations() });
  return {
    enabled: true,
    stop: async () => {
      unregister();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** Probes a load balancer or Prometheus asks every few seconds: no trace each. */
const probes = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The standard instrumentations, set so that spans carry no personal data (decision 0401):
 * - http: one SERVER span per request (named `METHOD /route` once express has routed it), the
 *   parent of the command; one CLIENT span per outgoing request (the scaled front's proxy), which
 *   carries its context on in the `traceparent` header. The path and query as typed (an e-mail, a
 *   token), the client's address and user agent are not recorded.
 * - express: no span per middleware or handler, only the route that names the server span.
 * - pg: one span per query inside a traced request or batch, with the statement text (its `$1`
 *   placeholders, never the values); no spans for taking a pooled connection.
 * kafkajs is not instrumented: the relay's and consumer's own spans carry each event's context.
 */
function instrumentations() {
  const withoutPersonalData = { 'url.path': undefined, 'url.query': undefined, 'url.full': undefined, 'client.address': undefined, 'network.peer.address': undefined, 'user_agent.original': undefined };
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => probes.has((request.url ?? '').split('?')[0]!),
      startIncomingSpanHook: () => withoutPersonalData,
      startOutgoingSpanHook: () => withoutPersonalData,
    }),
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER, ExpressLayerType.REQUEST_HANDLER] }),
    new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true, enhancedDatabaseReporting: false }),
  ];
}
