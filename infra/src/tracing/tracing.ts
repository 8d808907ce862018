import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Link, type Span, type SpanContext } from '@opentelemetry/api';

/*
 * Tracing through the OpenTelemetry API only (decision 0400). Without a registered SDK every call
 * here is the API's no-op: no span is recorded, nothing is injected, nothing is exported. The
 * SDK is registered by `startTracing` (tracing-sdk.ts) when the OTEL_* variables ask for it.
 */

const tracer = () => trace.getTracer('soft-furnishings-shop');

export { SpanKind, type Link, type Span, type SpanContext };

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; the active context when not given. */
  parent?: Context;
  links?: Link[];
}

/**
 * Runs `work` inside a new span made active for it, ends the span when `work` settles and marks
 * it failed with the error's name (not its message: messages may quote what a person typed).
 */
export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
    throw error;
  } finally {
    span.end();
  }
}

/** A span the caller ends itself (a Kafka message's send, an HTTP request). */
export function startSpan(name: string, options: SpanOptions): Span {
  return tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links }, options.parent ?? context.active());
}

/** The W3C `traceparent` of the active span, or undefined when there is none (always so with tracing off). */
export function activeTraceparent(): string | undefined {
  return traceparentOf(context.active());
}

/** The W3C `traceparent` of a span, or undefined with tracing off. */
export function spanTraceparent(span: Span): string | undefined {
  return traceparentOf(trace.setSpan(ROOT_CONTEXT, span));
}

function traceparentOf(from: Context): string | undefined {
  const carrier: { traceparent?: string } = {};
  propagation.inject(from, carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` names (an event's metadata, a Kafka header, a request header); the root context for none. */
export function contextOfTraceparent(traceparent: string | undefined | null): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** The span context a `traceparent` names, for a link; undefined for none (or with tracing off). */
export function spanContextOf(traceparent: string | undefined | null): SpanContext | undefined {
  return traceparent ? trace.getSpanContext(contextOfTraceparent(traceparent)) : undefined;
}

/** The trace id of a `traceparent` (version-traceid-spanid-flags), for the staff audit. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  const match = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent ?? '');
  return match?.[1];
}

/**
 * One span for many traced things (a projection batch of several writes, a live push of several
 * changes): the child of the first, linked to every one, so the first write's trace holds the
 * whole path as parent and child and each other write reaches it by its link (decision 0400).
 */
export function parentAndLinks(contexts: ReadonlyArray<SpanContext | undefined>): { parent: Context; links: Link[] } {
  const links = contexts.filter((found): found is SpanContext => found !== undefined).map((found) => ({ context: found }));
  return { parent: links[0] ? trace.setSpanContext(ROOT_CONTEXT, links[0].context) : ROOT_CONTEXT, links };
}
