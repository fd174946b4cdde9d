import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  createAlwaysRecordSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { MsgHdrs } from '@nats-io/transport-node';

let sdk: NodeSDK | undefined;

/**
 * Must run before Nest, express, mongodb or graphql are loaded, so the instrumentations can patch
 * them: each `main.ts` imports its `tracing.ts` first.
 */
export function startTelemetry(serviceName: string): void {
  if (sdk || process.env.OTEL_SDK_DISABLED === 'true') return;
  const endpoint = (process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://127.0.0.1:14318').replace(/\/$/, '');
  const exporter = new OTLPTraceExporter({ url: `${endpoint}/v1/traces` });
  const ratio = headSamplingRatio(process.env);
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    // Every trace by default (the SDK's parentbased_always_on). With a ratio below 1 (ADR 0017): one
    // trace in 1/ratio is exported whole, decided where it starts and followed by every process; the
    // others are recorded but not exported, except their spans that end in error.
    ...(ratio === null
      ? { traceExporter: exporter }
      : {
          sampler: createAlwaysRecordSampler(new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) })),
          spanProcessors: [new ErrorsKept(new BatchSpanProcessor({ exporter, ...batchSettings(process.env) }))],
        }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => (req.url ?? '').startsWith('/health'),
      }),
      // Only the route's name on the HTTP span ("POST /graphql"): no span per middleware (helmet,
      // body parsers, cookies...), router or route handler. Those were most of a BFF request's
      // spans and repeated the HTTP span's timing; the work under them has its own spans
      // (GraphQL, NATS, MongoDB). what it cost to trace a cached read.
      new ExpressInstrumentation({
        ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER, ExpressLayerType.REQUEST_HANDLER],
      }),
      new MongoDBInstrumentation(),
      // One span per operation (parse, validate, execute); a span per resolved field only when asked
      // for (OTEL_GRAPHQL_FIELD_SPANS=true): on a 20-meal list they cost more than the read itself.
      // Sampling is the SDK's: OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (docs/runbook.md).
      new GraphQLInstrumentation({
        mergeItems: true,
        ignoreTrivialResolveSpans: true,
        ignoreResolveSpans: process.env.OTEL_GRAPHQL_FIELD_SPANS !== 'true',
      }),
    ],
  });
  sdk.start();
}

/**
 * The head sampling ratio asked for with the SDK's own settings (`OTEL_TRACES_SAMPLER` =
 * `parentbased_traceidratio` or `traceidratio`, `OTEL_TRACES_SAMPLER_ARG` = the ratio), when below 1;
 * null for every other choice (the SDK applies it as it is: `parentbased_always_on` by default).
 */
export function headSamplingRatio(env: NodeJS.ProcessEnv): number | null {
  if (!['parentbased_traceidratio', 'traceidratio'].includes(env.OTEL_TRACES_SAMPLER ?? '')) return null;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  if (!Number.isFinite(ratio) || ratio >= 1) return null;
  return Math.max(0, ratio);
}

/** The batch span processor's OTEL_BSP_* settings, as the SDK reads them when it builds its own. */
function batchSettings(env: NodeJS.ProcessEnv) {
  const num = (name: string) => (env[name] && Number(env[name]) >= 0 ? Number(env[name]) : undefined);
  return {
    maxQueueSize: num('OTEL_BSP_MAX_QUEUE_SIZE'),
    scheduledDelayMillis: num('OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: num('OTEL_BSP_EXPORT_TIMEOUT'),
    maxExportBatchSize: num('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  };
}

/**
 * Exports the sampled spans, and also every span that ends in error in a trace that was not sampled
 * (recorded by the always-record sampler): errors are always kept, whatever the ratio.
 */
export class ErrorsKept implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(...args: Parameters<SpanProcessor['onStart']>): void {
    this.next.onStart(...args);
  }

  onEnd(span: ReadableSpan): void {
    if (span.spanContext().traceFlags & TraceFlags.SAMPLED) return this.next.onEnd(span);
    if (span.status.code !== SpanStatusCode.ERROR) return;
    const sampled = { ...span.spanContext(), traceFlags: TraceFlags.SAMPLED };
    this.next.onEnd(Object.assign(Object.create(span) as ReadableSpan, { spanContext: () => sampled }));
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}

export const tracer = () => trace.getTracer('popote');

const natsSetter: TextMapSetter<MsgHdrs> = { set: (carrier, key, value) => carrier.set(key, value) };
const natsGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => (carrier ? carrier.keys() : []),
  get: (carrier, key) => carrier?.get(key) || undefined,
};

/** Writes the current trace context (traceparent) into NATS headers. */
export function injectTraceHeaders(headers: MsgHdrs, ctx: Context = context.active()): MsgHdrs {
  propagation.inject(ctx, headers, natsSetter);
  return headers;
}

/** Reads the trace context a producer put in NATS headers. */
export function extractTraceContext(headers: MsgHdrs | undefined): Context {
  return propagation.extract(context.active(), headers, natsGetter);
}

/** Runs `fn` in a span (child of `parent`), recording failures on it. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

export { SpanKind, context, trace };
