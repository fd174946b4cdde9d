export * from './infra';
export * from './harness';
