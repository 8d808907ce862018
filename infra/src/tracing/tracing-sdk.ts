import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-node';

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
 * Registers the OpenTelemetry SDK for this process when `tracingWanted`, exporting over OTLP (the
 * exporter reads OTEL_EXPORTER_OTLP_* itself; the sampler OTEL_TRACES_SAMPLER, parent-based
 * always-on by default). The service is named for the process's role unless OTEL_SERVICE_NAME says
 * otherwise. Off, nothing is registered and the API stays a no-op.
 */
export function startTracing(role: string, env: NodeJS.ProcessEnv = process.env): Tracing {
  if (!tracingWanted(env)) return { enabled: false, stop: async () => undefined };
  return registerTracing(env.OTEL_SERVICE_NAME || role, [new BatchSpanProcessor(new OTLPTraceExporter())]);
}

/** The SDK with the given span processors (an OTLP exporter; the tests' in-memory one), registered globally. */
export function registerTracing(serviceName: string, spanProcessors: SpanProcessor[]): Tracing {
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': serviceName }), spanProcessors });
  provider.register();
  return {
    enabled: true,
    stop: async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
