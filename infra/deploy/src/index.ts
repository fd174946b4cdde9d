export * from './apps';
export * from './compose';
export * from './k8s';
export * from './dockerfile';
export * from './tools';
export * from './kube-score-exceptions';
export * from './launcher';
export * from './nats';
