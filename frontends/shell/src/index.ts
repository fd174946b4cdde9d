// Async boundary: the Module Federation runtime negotiates the shared
// singletons (React, router, Apollo...) before any code that uses them runs.
import('./bootstrap');
