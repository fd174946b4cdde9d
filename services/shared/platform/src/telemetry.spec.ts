import { SpanStatusCode } from '@opentelemetry/api';
import {
  createAlwaysRecordSampler,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { ErrorsKept, headSamplingRatio } from './telemetry';

/** A tracer as startTelemetry builds it for a ratio, exporting to memory. */
const sampledAt = (ratio: number) => {
  const exported = new InMemorySpanExporter();
  const provider = new TracerProvider({
    sampler: createAlwaysRecordSampler(new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) })),
    spanProcessors: [new ErrorsKept(new SimpleSpanProcessor({ exporter: exported }))],
  });
  return { tracer: provider.getTracer('test'), exported, flushed: () => provider.forceFlush() };
};

describe('head sampling (ADR 0017)', () => {
  it('reads the ratio from the SDK’s own settings, only for a ratio sampler below 1', () => {
    expect(headSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toBe(0.1);
    expect(headSamplingRatio({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' })).toBe(0);
    expect(headSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' })).toBeNull();
    expect(headSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 'abc' })).toBeNull();
    expect(headSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' })).toBeNull();
    expect(headSamplingRatio({})).toBeNull();
  });

  it('with no trace sampled, a span that ends in error is still exported, with its trace id; the others are not', async () => {
    const { tracer, exported, flushed } = sampledAt(0);
    const ok = tracer.startSpan('fine');
    ok.end();
    const failed = tracer.startSpan('failed');
    failed.setStatus({ code: SpanStatusCode.ERROR, message: 'boom' });
    failed.end();
    await flushed();
    const spans = exported.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['failed']);
    expect(spans[0].spanContext().traceId).toBe(failed.spanContext().traceId);
    expect(spans[0].status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
  });

  it('with every trace sampled, every span is exported once', async () => {
    const { tracer, exported, flushed } = sampledAt(1);
    tracer.startSpan('fine').end();
    const failed = tracer.startSpan('failed');
    failed.setStatus({ code: SpanStatusCode.ERROR });
    failed.end();
    await flushed();
    expect(exported.getFinishedSpans().map((s) => s.name)).toEqual(['fine', 'failed']);
  });
});
