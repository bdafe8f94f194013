// js/physics.d.ts against the engines' own declarations (Rapier, cannon-es): tests/types/physics-usage.ts
// must pass tsc --strict, including its @ts-expect-error lines (misuse the types must catch).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

test('tests/types/physics-usage.ts (mass-properties/physics) type-checks with tsc --strict', () => {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const config = join(ROOT, 'tests', 'types', 'tsconfig.physics.json');
  try {
    execFileSync(process.execPath, [tsc, '-p', config, '--strict', '--noEmit'], { cwd: ROOT, encoding: 'utf8' });
  } catch (e) {
    throw new Error(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
}, 120_000);
