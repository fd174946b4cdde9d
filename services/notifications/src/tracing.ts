// Imported first by main.ts: instrumentations must patch http/express/mongodb before they load.
import { startTelemetry } from '@popote/platform/telemetry';

startTelemetry('notifications');
