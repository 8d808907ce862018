import { afterEach, describe, expect, it } from 'vitest';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { activeTraceparent, inSpan, traceIdOf } from './tracing.js';
import { registerTracing, startTracing, tracingWanted, type Tracing } from './tracing-sdk.js';

/** Decision 0400: tracing is off unless the standard OTEL_* variables name a collector; off, the API is a no-op. */
describe('tracing switch', () => {
  let tracing: Tracing | null = null;
  afterEach(async () => {
    await tracing?.stop();
    tracing = null;
  });

  it('is on only when OTEL_* names somewhere to send spans, and off when they say so', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: 'x' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
    expect(tracingWanted({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
  });

  it('off: spans are the no-op API, no trace context is made, nothing registered', async () => {
    tracing = await startTracing('command-api', {});
    expect(tracing.enabled).toBe(false);
    const seen = await inSpan('command DraftSaved', {}, async (span) => ({ recording: span.isRecording(), traceparent: activeTraceparent() }));
    expect(seen).toEqual({ recording: false, traceparent: undefined });
  });

  it('on: a span is exported and its context is a W3C traceparent whose trace id the audit shows', async () => {
    const exporter = new InMemorySpanExporter();
    tracing = registerTracing('command-api', [new SimpleSpanProcessor(exporter)]);
    const traceparent = await inSpan('append project-1', { attributes: { 'shop.stream_id': 'project-1' } }, async () => activeTraceparent());
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('append project-1');
    expect(span?.resource.attributes['service.name']).toBe('command-api');
    expect(traceparent).toBe(`00-${span!.spanContext().traceId}-${span!.spanContext().spanId}-01`);
    expect(traceIdOf(traceparent)).toBe(span!.spanContext().traceId);
  });
});
