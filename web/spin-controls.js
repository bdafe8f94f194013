// The spin buttons and their readout: spins the measured body torque-free about one principal
// axis and follows it every frame, with its (fixed) angular momentum drawn as an arrow.
import { setStatus, ui } from './page.js';
import { Spin } from './spin.js';

export class SpinControls {
  #spin = null; // created once the main thread's module is ready
  #ready;
  #body = null;

  constructor(mpReady, viewer) {
    this.viewer = viewer;
    this.#ready = mpReady.then((mp) => {
      this.#spin = new Spin(mp, viewer.spinner);
    });
    for (const button of ui.spinButtons) {
      button.addEventListener('click', () => this.#start(Number(button.dataset.spinAxis)));
    }
    ui.stop.addEventListener('click', () => this.stop());
  }

  /** The body the buttons spin; null disables them. */
  setBody(body) {
    this.#body = body;
    for (const button of ui.spinButtons) button.disabled = !body;
  }

  /** Stops any spin and puts the model back as it was measured. */
  stop() {
    this.#spin?.stop();
    this.viewer.hideMomentum();
    ui.stop.disabled = true;
    this.#showInfo();
  }

  async #start(axis) {
    await this.#ready;
    if (!this.#body) return;
    this.#spin.start(this.#body, axis);
    ui.stop.disabled = false;
  }

  /** Advances a running spin by `dt` seconds of wall time. */
  step(dt) {
    const spin = this.#spin;
    if (!spin?.running) return;
    try {
      spin.step(dt);
      if (spin.state.angularMomentum) this.viewer.showMomentum(spin.state.angularMomentum);
    } catch (error) {
      this.stop();
      setStatus(`Spin stopped: ${error.message}`, 'error');
    }
    this.#showInfo();
  }

  // The readout, and the same numbers in data attributes for the browser test.
  #showInfo() {
    const s = this.#spin?.state;
    const info = ui.spinInfo;
    if (!s) {
      info.textContent = '';
      delete info.dataset.axis;
      return;
    }
    const angle = this.#spin.axisAngle();
    info.textContent = `axis ${s.axis + 1}: t = ${s.time.toFixed(1)} s, tilted ${angle.toFixed(0)}° from where it started`;
    info.dataset.axis = String(s.axis);
    info.dataset.time = s.time.toFixed(3);
    info.dataset.axisAngle = angle.toFixed(2);
    info.dataset.orientation = JSON.stringify(s.orientation);
  }
}
