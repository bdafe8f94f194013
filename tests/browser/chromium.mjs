// Debian's Chromium through playwright-core, as every browser test starts it: headless, no
// sandbox (tests run as root), and none of the background traffic this machine's closed network
// refuses. A profile of its own in `dir` for each test file.
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

export function launchChromium(dir) {
  return chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}
