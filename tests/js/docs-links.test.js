// Every relative link of the hand-written Markdown (README, CONTRIBUTING, docs/, cli/README.md)
// reaches a file of the repository, and every #anchor a heading of the page it names, so moving
// a section between pages cannot leave a link behind. (docs/api/ is TypeDoc's, checked by
// regenerating it: scripts/docs.sh --check.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'cli/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

// Markdown outside fenced code blocks (where `# x` is a comment, not a heading).
function withoutFences(text) {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
}

// ... and outside inline code too, where links are links.
function prose(text) {
  return withoutFences(text).replace(/`[^`\n]*`/g, '``');
}

// The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to '-',
// a repeated one numbered.
function anchors(file) {
  const seen = new Map();
  const result = new Set();
  for (const [, title] of withoutFences(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = title
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

function links(page) {
  const text = prose(readFileSync(join(ROOT, page), 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((target) => !/^[a-z]+:/.test(target));
}

test('the pages checked include every page of docs/', () => {
  expect(PAGES).toContain('docs/README.md');
  expect(PAGES.length).toBeGreaterThan(10);
});

test.each(PAGES)('every relative link of %s reaches a file and a heading', (page) => {
  const broken = [];
  for (const target of links(page)) {
    const [path, anchor] = target.split('#');
    const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURI(path));
    if (!existsSync(file)) broken.push(`${target} (no file ${relative(ROOT, file)})`);
    else if (anchor !== undefined && file.endsWith('.md') && !anchors(file).has(anchor)) {
      broken.push(`${target} (no heading #${anchor} in ${relative(ROOT, file)})`);
    }
  }
  expect(broken).toEqual([]);
});
