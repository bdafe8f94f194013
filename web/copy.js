// "Copy result as JSON": the report on the clipboard, or selected on the page to copy by hand.
import { setStatus, ui } from './page.js';

export function setupCopy(currentReport) {
  ui.copy.addEventListener('click', async () => {
    const text = JSON.stringify(currentReport(), null, 2);
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Result copied as JSON');
    } catch {
      // No clipboard permission (e.g. not a secure context): offer the text to copy by hand.
      const area = document.createElement('textarea');
      area.value = text;
      area.className = 'copy-fallback';
      ui.results.append(area);
      area.select();
      setStatus('Clipboard unavailable: the JSON is selected below the results, copy it with Ctrl+C');
    }
  });
}
