/**
 * Pre-test step: finds the Chromium the browser tests drive, installing Debian's
 * package when running as root, else printing the one command that installs it.
 */
import { existsSync } from 'node:fs';
import { chromiumPath } from '../../e2e/index.ts';
import { installChromium } from './installChromium.ts';

const path = chromiumPath();
if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${path} does not exist.`);
  process.exit(1);
}
if (process.getuid?.() !== 0) {
  console.error('Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium');
  process.exit(1);
}
console.log('Chromium is missing; installing Debian package "chromium"...');
installChromium();
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
