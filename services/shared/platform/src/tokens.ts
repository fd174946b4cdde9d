export const SERVICE_NAME = Symbol('popote:service-name');
export const PLATFORM_CONFIG = Symbol('popote:platform-config');
export const NATS_CONNECTION = Symbol('popote:nats-connection');
