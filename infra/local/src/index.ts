export * from './servers';
export * from './processes';
export * from './profiles';
export * from './launcher';
export * from './nats-auth';
