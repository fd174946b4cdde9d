// @ts-check
// The shell's server refuses remote addresses the page could not load: the shell's Module
// Federation runtime registers remotes by their remoteEntry.js (built without the manifest code,
// ADR 0005), so a manifest URL, or a variable of the former names, would only fail in the browser.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const server = fileURLToPath(new URL('./server.mjs', import.meta.url));

/**
 * Starts the server on a free port; resolves with `listening` once it says so (then stops it), or
 * with its exit code; and what it printed.
 * @returns {Promise<{ code: number | null | 'listening'; output: string }>}
 */
function start(/** @type {Record<string, string>} */ env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [server], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', FIRST_PAINT_TIMEOUT_MS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let listening = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!listening && output.includes(' listening on http://')) {
        listening = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: listening ? 'listening' : code, output }));
  });
}

describe("the shell's server", () => {
  it('refuses a remote manifest URL as a remote entry', async () => {
    const result = await start({ CONSUMER_ENTRY_URL: 'https://consumer.example.org/mf-manifest.json' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('is not a remote entry');
  });

  it("refuses a manifest URL as the operators' console entry too", async () => {
    const result = await start({ OPS_ENTRY_URL: 'https://ops.example.org/mf-manifest.json' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('ops: https://ops.example.org/mf-manifest.json is not a remote entry');
  });

  it('refuses the former variable names, naming the new ones', async () => {
    const result = await start({ COOK_MANIFEST_URL: 'https://cook.example.org/mf-manifest.json' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('set COOK_ENTRY_URL');
  });

  it('starts with remoteEntry.js URLs', async () => {
    const result = await start({
      CONSUMER_ENTRY_URL: 'https://consumer.example.org/remoteEntry.js',
      COOK_ENTRY_URL: 'https://cook.example.org/1.5.0/remoteEntry.js',
      OPS_ENTRY_URL: 'https://ops.example.org/remoteEntry.js',
    });
    expect(result.code, result.output).toBe('listening');
  });
});
