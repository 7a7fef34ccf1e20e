import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeFrozenOnce } from '../../src/server/http/frozen-responses.ts';

// A response that cannot change is checked and turned into JSON once; anything that can change is
// serialized as it is at the time, and every response still meets its schema.

describe('serializeFrozenOnce', () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
  const serialize = serializeFrozenOnce(serializerCompiler)({ schema, method: 'GET', url: '/x', httpStatus: '200' });

  it('sends an object frozen all the way down as it was', () => {
    const frozen = Object.freeze({ name: 'a', tags: Object.freeze(['x']) });
    expect(serialize(frozen)).toBe('{"name":"a","tags":["x"]}');
    expect(serialize(frozen)).toBe('{"name":"a","tags":["x"]}');
  });

  it('serializes anything with a part that can change as it is now', () => {
    const shallow = Object.freeze({ name: 'a', tags: ['x'] });
    expect(serialize(shallow)).toBe('{"name":"a","tags":["x"]}');
    shallow.tags.push('y');
    expect(serialize(shallow)).toBe('{"name":"a","tags":["x","y"]}');
    const open = { name: 'a', tags: ['x'] };
    expect(serialize(open)).toBe('{"name":"a","tags":["x"]}');
    open.name = 'b';
    expect(serialize(open)).toBe('{"name":"b","tags":["x"]}');
  });

  it('still refuses a frozen object that does not meet the schema', () => {
    const wrong = Object.freeze({ name: 1, tags: Object.freeze([]) });
    expect(() => serialize(wrong)).toThrow();
    expect(() => serialize(wrong)).toThrow();
  });
});
