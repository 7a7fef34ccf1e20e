import type { FastifySerializerCompiler } from 'fastify';

/**
 * Wraps a response serializer so that an answer which cannot change is checked against its schema
 * and turned into JSON once per route, not on every request: an object frozen all the way down. The
 * session look-up hands out such objects (the logged-in user, the same one for as long as nothing
 * in the database changed), so GET /api/me and GET /api/session send their JSON as it was. Anything
 * not frozen throughout is serialized as before, every time.
 */
export function serializeFrozenOnce<T>(compiler: FastifySerializerCompiler<T>): FastifySerializerCompiler<T> {
  return (route) => {
    const serialize = compiler(route);
    const done = new WeakMap<object, string>();
    return (data: unknown) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
      let json = done.get(data);
      if (json === undefined) {
        json = serialize(data);
        if (frozenThroughout(data)) done.set(data, json);
      }
      return json;
    };
  };
}

function frozenThroughout(value: object): boolean {
  if (!Object.isFrozen(value)) return false;
  for (const inner of Object.values(value)) {
    if (inner !== null && typeof inner === 'object' && !frozenThroughout(inner as object)) return false;
  }
  return true;
}
