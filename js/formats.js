// The model files the command line and the demo read, by extension (lower case, no dot), with
// the name each format goes by. In order of preference: among files given together (a .gltf
// with its .bin and textures) the first that is a model is the model.
export const MODEL_FORMATS = Object.freeze({
  glb: 'GLB',
  gltf: 'glTF',
  '3mf': '3MF',
  obj: 'OBJ',
  stl: 'STL',
  ply: 'PLY',
});

/** The format of a file by its name's extension ('part.STL' → 'STL'), or undefined. */
export function modelFormatOf(fileName) {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(MODEL_FORMATS, extension) ? MODEL_FORMATS[extension] : undefined;
}
