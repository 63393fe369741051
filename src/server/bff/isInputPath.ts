// The parts of a valibot schema a field path walks through.
interface SchemaNode {
  type?: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  options?: unknown[];
}

function children(node: SchemaNode, segment: string): SchemaNode[] {
  if (node.entries) {
    const entry = Object.hasOwn(node.entries, segment) ? node.entries[segment] : undefined;
    if (entry) return [entry];
    // An open object (`property.dwellingInfo`) passes keys it does not list on as sent.
    return node.type === 'loose_object' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(segment) ? [{}] : [];
  }
  if (node.item) return /^\d{1,4}$/.test(segment) ? [node.item] : [];
  if (node.wrapped) return children(node.wrapped, segment);
  if (Array.isArray(node.options)) {
    return node.options.flatMap((option) =>
      typeof option === 'object' && option !== null ? children(option as SchemaNode, segment) : [],
    );
  }
  return [];
}

/**
 * Whether a dotted path (`borrowers.0.email`; `''` for the whole input) names a field of an
 * input schema, through optional, nullable, array and variant schemas; any plain key of an open
 * object (one that passes unknown keys on, as `property.dwellingInfo`) names a field too.
 */
export function isInputPath(schema: object, path: string): boolean {
  if (path === '') return true;
  let nodes: SchemaNode[] = [schema as SchemaNode];
  for (const segment of path.split('.')) {
    nodes = nodes.flatMap((node) => children(node, segment));
    if (nodes.length === 0) return false;
  }
  return true;
}
