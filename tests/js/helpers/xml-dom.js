// The DOMParser three's 3MF loader needs in Node, for the tests that compare the command line's
// own 3MF reader with that loader: xmldom's, which parses XML but has no querySelector. The
// loader asks only for descendant type selectors ('model', 'vertices vertex'), so those are added
// here: each name matches elements by local name in any namespace, as a CSS type selector without
// a namespace prefix does. Anything else is refused rather than guessed.
import { DOMParser } from '@xmldom/xmldom';

const SELECTOR = /^[A-Za-z_][\w-]*(\s+[A-Za-z_][\w-]*)*$/;

function querySelectorAll(selector) {
  if (!SELECTOR.test(selector.trim())) throw new Error(`unsupported selector '${selector}' in the 3MF DOM`);
  let found = [this];
  for (const name of selector.trim().split(/\s+/)) {
    const next = new Set();
    for (const scope of found)
      for (const element of Array.from(scope.getElementsByTagNameNS('*', name))) next.add(element);
    found = [...next];
  }
  return found;
}

function querySelector(selector) {
  return querySelectorAll.call(this, selector)[0] ?? null;
}

let ready = false;

/** xmldom's DOMParser, with querySelector and querySelectorAll on its documents and elements. */
export function xmlDomParser() {
  if (!ready) {
    const document = new DOMParser().parseFromString('<a><b/></a>', 'text/xml');
    for (const prototype of [Object.getPrototypeOf(document), Object.getPrototypeOf(document.documentElement)]) {
      if (!('querySelectorAll' in prototype)) {
        Object.defineProperty(prototype, 'querySelectorAll', { value: querySelectorAll, configurable: true });
        Object.defineProperty(prototype, 'querySelector', { value: querySelector, configurable: true });
      }
    }
    ready = true;
  }
  return DOMParser;
}
