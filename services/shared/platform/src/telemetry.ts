import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
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
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    traceExporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
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
