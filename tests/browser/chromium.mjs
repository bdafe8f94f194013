// Debian's Chromium through playwright-core, as every browser test starts it: headless, no
// sandbox (tests run as root), and none of the background traffic this machine's closed network
// refuses. A profile of its own in a temporary folder for each test file.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(dir, extraArgs = []) {
  return chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

// The browser of one test file, its profile in a temporary folder named after `name` (`dir`, where
// the test may keep files of its own): `firstPage()` is its tab, `close(...servers)` closes it
// and the servers given, then removes the folder.
export async function openBrowser(name, extraArgs = []) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `mass-properties-${name}-`));
  let context;
  try {
    context = await launchChromium(dir, extraArgs);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    context,
    dir,
    firstPage: async () => context.pages()[0] ?? (await context.newPage()),
    async close(...servers) {
      await context.close();
      for (const server of servers) await server?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
