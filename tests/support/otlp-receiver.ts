import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

/** A span as an OTLP receiver (Jaeger, Tempo, a collector) gets it, ids in hex. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer (OTLP's numbering). */
  kind: number;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: the exporter posts to `${endpoint}/v1/traces`. */
  endpoint: string;
  spans: ReceivedSpan[];
  stop: () => Promise<void>;
}

// The part of OTLP's trace protocol (opentelemetry-proto, trace/v1 and common/v1) the tests read.
const schema = protobuf.parse(`
syntax = "proto3";
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { repeated Span spans = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  repeated KeyValue attributes = 9; repeated Link links = 13;
}
message Link { bytes trace_id = 1; bytes span_id = 2; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; ArrayValue array_value = 5; bytes bytes_value = 7; }
}
message ArrayValue { repeated AnyValue values = 1; }
`).root.lookupType('ExportTraceServiceRequest');

interface AnyValue { stringValue?: string; boolValue?: boolean; intValue?: string; doubleValue?: number; arrayValue?: { values?: AnyValue[] } }
interface KeyValue { key: string; value?: AnyValue }
interface Decoded {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: Array<{ traceId: Buffer; spanId: Buffer; parentSpanId?: Buffer; name: string; kind?: number; attributes?: KeyValue[]; links?: Array<{ traceId: Buffer; spanId: Buffer }> }> }>;
  }>;
}

const valueOf = (value: AnyValue | undefined): unknown =>
  value?.arrayValue ? (value.arrayValue.values ?? []).map(valueOf) : (value?.stringValue ?? value?.boolValue ?? (value?.intValue !== undefined ? Number(value.intValue) : value?.doubleValue));
const attributesOf = (pairs: KeyValue[] = []) => Object.fromEntries(pairs.map((pair) => [pair.key, valueOf(pair.value)]));
const hex = (bytes: Buffer | undefined) => (bytes && bytes.length > 0 ? Buffer.from(bytes).toString('hex') : undefined);

/** A real OTLP/HTTP receiver of protobuf trace exports on a free port, keeping every span it is sent. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/x-protobuf') {
        res.writeHead(404).end();
        return;
      }
      const request = schema.toObject(schema.decode(Buffer.concat(chunks)), { longs: String, defaults: false }) as Decoded;
      for (const resourceSpans of request.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
        for (const span of (resourceSpans.scopeSpans ?? []).flatMap((scope) => scope.spans ?? [])) {
          spans.push({
            service,
            traceId: hex(span.traceId)!,
            spanId: hex(span.spanId)!,
            parentSpanId: hex(span.parentSpanId),
            name: span.name,
            kind: span.kind ?? 0,
            attributes: attributesOf(span.attributes),
            links: (span.links ?? []).map((link) => ({ traceId: hex(link.traceId)!, spanId: hex(link.spanId)! })),
          });
        }
      }
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
