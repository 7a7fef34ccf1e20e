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

export function exampleOf(schema: JsonSchema): unknown {
  let counter = 0;
  const resolve = (ref: string): JsonSchema => {
    const parts = ref.replace(/^#\//, '').split('/').map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
    let node: unknown = schema;
    for (const part of parts) node = (node as Record<string, unknown>)[part];
    if (!node) throw new Error(`unresolvable $ref ${ref}`);
    return node as JsonSchema;
  };

  const make = (node: JsonSchema, path: string): unknown => {
    if (node.$ref) return make(resolve(node.$ref), path);
    if (node.const !== undefined) return node.const;
    if (node.enum) return node.enum[counter++ % node.enum.length];
    const alternative = node.anyOf ?? node.oneOf;
    if (alternative) return make(alternative.find((s) => s.type !== 'null') ?? alternative[0]!, path);
    if (node.allOf) return make(Object.assign({}, ...node.allOf) as JsonSchema, path);
    const type = Array.isArray(node.type) ? (node.type.find((t) => t !== 'null') ?? 'null') : (node.type ?? (node.properties ? 'object' : 'string'));
    switch (type) {
      case 'object':
        return Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, make(child, path ? `${path}.${key}` : key)]));
      case 'array': {
        const length = Math.min(Math.max(node.minItems ?? 1, 1), node.maxItems ?? Infinity);
        return Array.from({ length }, (_, i) => make(node.items ?? {}, `${path}[${i}]`));
      }
      case 'integer':
      case 'number': {
        // 1 when the bounds allow it (zod's int() sends the safe-integer range), else the nearest bound.
        const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -Infinity);
        const high = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : Infinity);
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
