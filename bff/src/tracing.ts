// Imported first by main.ts: instrumentations must patch http/express/graphql before they load.
import { startTelemetry } from '@popote/platform/telemetry';

startTelemetry('bff');
