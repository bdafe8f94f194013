// Drag & drop anywhere on the page: dropped files are handed to `onFiles`.
import { ui } from './page.js';

export function acceptDrops(onFiles) {
  let depth = 0; // dragenter/dragleave fire for every element crossed
  window.addEventListener('dragenter', (event) => {
    if (![...event.dataTransfer.types].includes('Files')) return;
    event.preventDefault();
    depth++;
    ui.drop.hidden = false;
  });
  window.addEventListener('dragover', (event) => event.preventDefault());
  window.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) ui.drop.hidden = true;
  });
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    depth = 0;
    ui.drop.hidden = true;
    onFiles(event.dataTransfer.files);
  });
}
