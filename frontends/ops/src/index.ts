// Async boundary: shared singletons are negotiated before any of them runs.
import('./bootstrap');
