// TypeDoc plugin for docs/api (scripts/docs.sh): the reference reads as the package is used.
// - Each module is named by the import that reaches it ('mass-properties/three'), from the
//   "exports" of package.json, rather than by its file name ('three').
// - The members our classes inherit from other packages (three's Object3D, glTF-Transform's
//   ExtensionProperty) are left out: hundreds of entries that are those packages' documentation,
//   not ours. Members inherited from the package's own types stay.
import { readFileSync } from 'node:fs';
import { Converter, ReflectionKind } from 'typedoc';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** 'three' (the file js/three.d.ts) → 'mass-properties/three', as package.json's exports say. */
function importNames() {
  const names = new Map();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = target?.types ?? target?.import?.types;
    if (!types) continue;
    const file = types.replace(/^.*\//, '').replace(/\.d\.ts$/, '');
    names.set(file, subpath === '.' ? pkg.name : pkg.name + subpath.slice(1));
  }
  return names;
}

export function load(app) {
  const names = importNames();
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const project = context.project;
    for (const module of project.getReflectionsByKind(ReflectionKind.Module)) {
      module.name = names.get(module.name) ?? module.name;
    }
    for (const member of project.getReflectionsByKind(ReflectionKind.ClassMember | ReflectionKind.InterfaceMember)) {
      // An inherited member whose origin resolves to nothing in the project came from outside it.
      if (member.inheritedFrom && !member.inheritedFrom.reflection) project.removeReflection(member);
    }
  });
}
