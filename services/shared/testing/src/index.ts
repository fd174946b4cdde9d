export * from './infra';
export * from './harness';
export * from './service-under-test';
