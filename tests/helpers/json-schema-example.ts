/**
 * A value valid for a JSON schema, made from the schema alone: what the fake OpenAI server answers
 * to a `json_schema` request nobody scripted. Covers what structured-output schemas use (objects,
 * arrays with min/max items, enums, consts, strings with lengths, numbers with bounds, anyOf,
 * $ref into $defs/definitions, nullable types). Strings carry their path and a running number, so
 * the items of an array differ from one another, as a model's would.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  [key: string]: unknown;
};

/**
 * Where `exampleOf` answers within the schema's bounds: `middle` (the default) a modest value, as a
 * model usually writes; `min` and `max` the schema's edges, as a model that only follows the schema
 * may: numbers at their minimum or maximum, arrays with their fewest or most items, and each enum's
 * values in turn (so the items of an array name different ones while there are enough). Strings
 * stay distinct, fitted to their length bounds. An answer made at an edge is valid for the schema;
 * if the server then refuses it, the schema sent lacks a bound the server enforces.
 */
export type SchemaEdge = 'middle' | 'min' | 'max';

export function exampleOf(schema: JsonSchema, edge: SchemaEdge = 'middle'): unknown {
  let counter = 0;
  const turns = new Map<JsonSchema, number>();
  const nextOf = (node: JsonSchema, values: unknown[]) => {
    const turn = turns.get(node) ?? 0;
    turns.set(node, turn + 1);
    return values[turn % values.length];
  };
  const resolve = (ref: string): JsonSchema => {
    const parts = ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
    let node: unknown = schema;
    for (const part of parts) node = (node as Record<string, unknown>)[part];
    if (!node) throw new Error(`unresolvable $ref ${ref}`);
    return node as JsonSchema;
  };

  const make = (node: JsonSchema, path: string): unknown => {
    if (node.$ref) return make(resolve(node.$ref), path);
    if (node.const !== undefined) return node.const;
    if (node.enum) return edge === 'middle' ? node.enum[counter++ % node.enum.length] : nextOf(node, node.enum);
    const alternative = node.anyOf ?? node.oneOf;
    if (alternative) return make(alternative.find((s) => s.type !== 'null') ?? alternative[0]!, path);
    if (node.allOf) return make(Object.assign({}, ...node.allOf) as JsonSchema, path);
    const type = Array.isArray(node.type)
      ? (node.type.find((t) => t !== 'null') ?? 'null')
      : (node.type ?? (node.properties ? 'object' : 'string'));
    switch (type) {
      case 'object':
        return Object.fromEntries(
          Object.entries(node.properties ?? {}).map(([key, child]) => [key, make(child, path ? `${path}.${key}` : key)]),
        );
      case 'array': {
        const length =
          edge === 'min'
            ? (node.minItems ?? 0)
            : edge === 'max'
              ? (node.maxItems ?? Math.max(node.minItems ?? 1, 1))
              : Math.min(Math.max(node.minItems ?? 1, 1), node.maxItems ?? Infinity);
        return Array.from({ length }, (_, i) => make(node.items ?? {}, `${path}[${i}]`));
      }
      case 'integer':
      case 'number': {
        // 1 when the bounds allow it (zod's int() sends the safe-integer range), else the nearest bound.
        const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -Infinity);
        const high = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : Infinity);
        if (edge === 'min') return Number.isFinite(low) ? low : -Number.MAX_SAFE_INTEGER;
        if (edge === 'max') return Number.isFinite(high) ? high : Number.MAX_SAFE_INTEGER;
        return Math.min(Math.max(1, low), high);
      }
      case 'boolean':
        return true;
      case 'null':
        return null;
      default: {
        let text = `${path || 'value'} ${++counter}`;
        while (text.length < (node.minLength ?? 0)) text += ` ${text}`;
        return node.maxLength !== undefined ? text.slice(0, node.maxLength) : text;
      }
    }
  };
  return make(schema, '');
}
