// The last shrinking step: drop the objects a program no longer reaches.
// fast-check shrinks within a family's structure, which can leave nodes that
// nothing refers to any more (a family's fixed graph, a root that shrank to a
// primitive). An object is kept when the root, the transfer list, or a kept
// object refers to it (items, entries, values, message, cause, boxed value,
// property values, behaviors' effects and returns, prototype, a view's buffer,
// a proxy's target). Realm steps cannot refer to objects (docs/program.md).

/**
 * @param {any} program a valid program
 * @returns {any} the same program without unreachable objects, node indices renumbered in order
 */
export function pruneUnreachable(program) {
  const objects = program.objects ?? [];
  const reachable = new Set();
  const visit = (index) => {
    if (reachable.has(index)) return;
    reachable.add(index);
    mapNode(objects[index], (i) => {
      visit(i);
      return i;
    });
  };
  mapValue(program.root, (i) => {
    visit(i);
    return i;
  });
  for (const i of program.transfer ?? []) visit(i);
  if (reachable.size === objects.length) return program;

  const kept = [...reachable].sort((a, b) => a - b);
  const renumber = new Map(kept.map((old, index) => [old, index]));
  const to = (i) => renumber.get(i);
  const pruned = { ...program, root: mapValue(program.root, to), objects: kept.map((i) => mapNode(objects[i], to)) };
  if (program.transfer !== undefined) pruned.transfer = program.transfer.map(to);
  if (pruned.objects.length === 0) delete pruned.objects;
  return pruned;
}

/**
 * @param {unknown} value a Value
 * @param {(index: number) => number} f
 */
function mapValue(value, f) {
  if (value !== null && typeof value === 'object' && 'ref' in value) return { ref: f(/** @type {any} */ (value).ref) };
  return value;
}

/** @param {any} behavior @param {(index: number) => number} f */
function mapBehavior(behavior, f) {
  if (behavior === undefined) return undefined;
  const mapped = { ...behavior };
  if ('returns' in behavior) mapped.returns = mapValue(behavior.returns, f);
  if (behavior.effects !== undefined) {
    mapped.effects = behavior.effects.map((effect) => {
      const [name] = Object.keys(effect);
      const args = effect[name];
      // Every effect names its object first: `{"detach": i}` or `{"delete": [i, key]}`;
      // the Values after the key may refer to objects too.
      if (typeof args === 'number') return { [name]: f(args) };
      return { [name]: [f(args[0]), ...args.slice(1).map((arg) => mapValue(arg, f))] };
    });
  }
  return mapped;
}

/**
 * A node with every reference to another node passed through `f`.
 * @param {any} node
 * @param {(index: number) => number} f
 */
function mapNode(node, f) {
  const mapped = { ...node };
  const value = (v) => mapValue(v, f);
  if (node.items !== undefined) mapped.items = node.items.map(value);
  if (node.entries !== undefined) mapped.entries = node.entries.map(([k, v]) => [value(k), value(v)]);
  if (node.values !== undefined) mapped.values = node.values.map(value);
  for (const field of ['message', 'cause', 'value']) if (field in node) mapped[field] = value(node[field]);
  if (node.proto !== undefined && typeof node.proto === 'object' && node.proto !== null) mapped.proto = value(node.proto);
  if (node.kind === 'view') mapped.buffer = f(node.buffer);
  if (node.kind === 'proxy') mapped.target = f(node.target);
  if (node.props !== undefined) {
    mapped.props = node.props.map((prop) => {
      const p = { ...prop };
      if ('value' in prop) p.value = value(prop.value);
      for (const accessor of ['get', 'set', 'method']) if (prop[accessor] !== undefined) p[accessor] = mapBehavior(prop[accessor], f);
      return p;
    });
  }
  return mapped;
}
