// Measures the box of the form on every edit; a MassPropertiesError (a zero or negative size)
// is shown in its own words. See index.html for how to run it.
import { init, MassPropertiesError } from 'mass-properties';

const mp = await init();
const form = document.getElementById('size');
const out = document.getElementById('out');

function update() {
  const value = (name) => Number(form.elements[name].value);
  try {
    const r = mp.box(value('width'), value('height'), value('depth'), { density: value('density') });
    out.textContent = [
      `mass              ${r.mass.toPrecision(6)} kg`,
      `center of mass    ${r.centerOfMass.map((x) => x.toPrecision(3)).join(', ')} m`,
      `principal moments ${r.principalMoments.map((x) => x.toPrecision(6)).join(', ')} kg·m²`,
    ].join('\n');
    out.dataset.mass = r.mass;
    out.dataset.moments = r.principalMoments.join(' ');
  } catch (error) {
    if (!(error instanceof MassPropertiesError)) throw error;
    out.textContent = `${error.code}: ${error.message}`;
    out.dataset.mass = '';
  }
}

form.addEventListener('input', update);
update();
