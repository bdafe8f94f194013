// The model menu and the file picker: a built-in model by id, or files (the first one with a
// model extension is the model, the others its resources).
import { BUILT_INS, FILE_EXTENSIONS, loadFiles } from './models.js';
import { ui } from './page.js';
import { setPhysicsSource } from './physics-download.js';

export class ModelPicker {
  constructor(session) {
    this.session = session;
    for (const [id, { label }] of Object.entries(BUILT_INS)) ui.model.add(new Option(label, id));
    this.fileOption = new Option('File', 'file');
    this.fileOption.hidden = true;
    ui.model.add(this.fileOption);
    ui.model.addEventListener('change', () => {
      if (ui.model.value !== 'file') this.loadBuiltIn(ui.model.value);
    });
    ui.file.addEventListener('change', () => {
      this.loadFiles(ui.file.files);
      ui.file.value = ''; // picking the same file again still loads it
    });
  }

  loadBuiltIn(id) {
    const entry = BUILT_INS[id];
    ui.model.value = id;
    setPhysicsSource(null);
    this.session.show(
      entry.label,
      Promise.resolve().then(() => entry.create()),
    );
  }

  loadFiles(files) {
    if (!files || files.length === 0) return;
    const main = [...files].find((f) => FILE_EXTENSIONS.includes(f.name.split('.').pop().toLowerCase())) ?? files[0];
    this.fileOption.textContent = `File: ${main.name}`;
    this.fileOption.hidden = false;
    ui.model.value = 'file';
    setPhysicsSource(files);
    this.session.show(
      main.name,
      loadFiles(files).then(({ object }) => object),
    );
  }
}
