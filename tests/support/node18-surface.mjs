// Preloaded (`node --import`) into the command-line tool's test runs: removes what Node 19
// and later added to the JavaScript built-ins and to Node's globals, so that a bundle
// relying on any of it fails here instead of on a reader's Node 18.
// ECMAScript: ES2023 change-array-by-copy and well-formed strings (V8 11, Node 20),
// ES2024 groupBy and Promise.withResolvers (Node 21, 22), resizable ArrayBuffers (Node 20),
// ES2025 Set methods, iterator helpers and Array.fromAsync (Node 22), and later additions.
const removed = {
  'Array.prototype': ['toSorted', 'toReversed', 'toSpliced', 'with'],
  'Object.getPrototypeOf(Uint8Array.prototype)': ['toSorted', 'toReversed', 'with'],
  'String.prototype': ['isWellFormed', 'toWellFormed'],
  'ArrayBuffer.prototype': ['transfer', 'transferToFixedLength', 'resize'],
  'Set.prototype': [
    'union',
    'intersection',
    'difference',
    'symmetricDifference',
    'isSubsetOf',
    'isSupersetOf',
    'isDisjointFrom',
  ],
  Object: ['groupBy'],
  Map: ['groupBy'],
  Promise: ['withResolvers', 'try'],
  Array: ['fromAsync'],
  RegExp: ['escape'],
  Math: ['f16round', 'sumPrecise'],
  Error: ['isError'],
  Uint8Array: ['fromBase64', 'fromHex'],
  'Uint8Array.prototype': ['toBase64', 'toHex', 'setFromBase64', 'setFromHex'],
  // Iterator helpers live on the prototype every built-in iterator shares.
  'Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()))': [
    'map',
    'filter',
    'take',
    'drop',
    'flatMap',
    'reduce',
    'toArray',
    'forEach',
    'some',
    'every',
    'find',
  ],
  process: ['getBuiltinModule'],
  // Node's globals since 19: CustomEvent (19), File (20), navigator (21), WebSocket (22)...
  globalThis: [
    'Iterator',
    'Float16Array',
    'CustomEvent',
    'File',
    'navigator',
    'Navigator',
    'WebSocket',
    'CloseEvent',
    'EventSource',
  ],
};
for (const [owner, names] of Object.entries(removed)) {
  const target = owner === 'globalThis' ? globalThis : new Function(`return ${owner}`)();
  for (const name of names) delete target[name];
}
