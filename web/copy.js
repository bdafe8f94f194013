// "Copy result as JSON" and "Copy for Rapier / cannon-es / Babylon / glTF": text on the
// clipboard, or selected on the page to copy by hand.
import { setStatus, ui } from './page.js';
import { ENGINES, physicsSnippet } from './physics-snippets.js';

// `done` is the status once copied; `what` names the text selected by hand otherwise.
async function copyText(text, done, what) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus(done);
  } catch {
    // No clipboard permission (e.g. not a secure context): offer the text to copy by hand.
    const area = document.createElement('textarea');
    area.value = text;
    area.className = 'copy-fallback';
    ui.results.append(area);
    area.select();
    setStatus(`Clipboard unavailable: the ${what} is selected below the results, copy it with Ctrl+C`);
  }
}

export function setupCopy(currentReport) {
  ui.copy.addEventListener('click', () =>
    copyText(JSON.stringify(currentReport(), null, 2), 'Result copied as JSON', 'JSON'),
  );
  ui.copyFor.addEventListener('change', () => {
    const engine = ui.copyFor.value;
    ui.copyFor.value = ''; // back to the menu's title, so the same engine can be picked again
    if (!engine) return;
    let text;
    try {
      text = physicsSnippet(engine, currentReport());
    } catch (error) {
      setStatus(`Cannot copy for ${ENGINES[engine]}: ${error.message}`, 'error');
      return;
    }
    copyText(text, `Result copied for ${ENGINES[engine]}`, `text for ${ENGINES[engine]}`);
  });
}
