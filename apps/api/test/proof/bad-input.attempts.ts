/**
 * The invalid requests of the bad-input proof (bad-input.test.ts): hostile values, and for each route its valid
 * request (route-cases.ts; its shape in route-policies.ts) mutated by fast-check — body fields, path parameters, query values, uploads.
 */
import type { RouteDef } from '@argo/contract';
import { deepNesting, manyAttributes, manySiblings, singleLine } from '@argo/engine/testing';
import fc from 'fast-check';
import { multipart } from '../workers';
import type { Request } from './route-policies';

// ------------------------------------------------------------------ hostile values

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
export const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  "'; DROP TABLE businesses; --",
  '"); select pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '[x](javascript:alert(1))',
  '=HYPERLINK("http://evil.example")',
  '\u0000',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\u200b\u200c\u200d\ufeff',
  'Z̷̡̛̤a̸̢̛l̶̨̛g̵̡̛ơ̷̧',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, on purpose
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
];
const hugeString = fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n));
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 50 }),
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: false }),
  hostileString,
  hugeString,
  fc.integer({ min: 50, max: 3_000 }).map(deep),
  fc.constantFrom(null, true, false, -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 1.5, [], {}),
);

/** Every key path of a JSON value (objects and arrays), for picking what to break. */
export function keyPaths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key];
      out.push(path);
      keyPaths(child, path, out);
    }
  }
  return out;
}

export function setPath(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (rest.length === 0) {
    if (remove) delete copy[head];
    else copy[head] = value;
  } else {
    copy[head] = setPath(copy[head], rest, value, remove);
  }
  return copy;
}

/** What one generated request is: a JSON body, a raw body with a content type, or a changed path or query. */
export interface Attempt {
  kind: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export function jsonBodyAttempts(route: RouteDef, base: Request): fc.Arbitrary<Attempt> {
  const paths = keyPaths(base.body);
  const schema = route.body as NonNullable<RouteDef['body']>;
  const asJson = (body: unknown, kind: string): Attempt => ({
    kind,
    path: base.path,
    body,
    query: base.query,
  });
  const mutateOnce = paths.length
    ? fc
        .tuple(fc.constantFrom(...paths), badValue, fc.boolean())
        .map(([at, value, remove]) => ({ at, value, remove }))
    : fc.constant(null);
  const mutated = fc.array(mutateOnce, { minLength: 1, maxLength: 3 }).map((changes) => {
    let body = base.body;
    for (const change of changes) if (change) body = setPath(body, change.at, change.value, change.remove);
    return asJson(body, 'mutated body');
  });
  const wholeBody = badValue.map((body) => asJson(body, 'body of the wrong kind'));
  const text = JSON.stringify(base.body ?? {});
  const malformed = fc
    .oneof(
      fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((cut) => text.slice(0, cut)),
      fc.constantFrom(
        '{',
        '{"a":}',
        "{'a': 1}",
        '{a:1}',
        '[1,]',
        'nul',
        '\u0000',
        '{"a":1}}',
        '{"__proto__":{"x":1}',
      ),
    )
    .map((raw) => ({
      kind: 'malformed JSON',
      path: base.path,
      body: raw,
      headers: { 'content-type': 'application/json' },
    }));
  const wrongType = fc
    .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png')
    .map((type) => ({
      kind: 'wrong content type',
      path: base.path,
      body: type === 'application/x-www-form-urlencoded' ? 'name=x&a=1' : text,
      headers: { 'content-type': type },
    }));
  return (
    fc
      .oneof(
        { weight: 6, arbitrary: mutated },
        { weight: 2, arbitrary: wholeBody },
        { weight: 1, arbitrary: malformed },
        { weight: 1, arbitrary: wrongType },
      )
      // Judge what travels: JSON drops `undefined` and turns NaN into null.
      .map((attempt) =>
        typeof attempt.body === 'string' || attempt.body === undefined
          ? attempt
          : { ...attempt, body: JSON.parse(JSON.stringify(attempt.body) ?? 'null') },
      )
      .filter((attempt) => typeof attempt.body === 'string' || !schema.safeParse(attempt.body).success)
  );
}

export function paramAttempts(route: RouteDef, base: Request): fc.Arbitrary<Attempt> | null {
  if (!route.params) return null;
  const ids = base.path.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g);
  if (!ids?.length) return namedParamAttempts(route, base);
  const badId = fc.oneof(
    hostileString,
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom(
      '0',
      '-1',
      'null',
      'undefined',
      '00000000-0000-0000-0000-00000000000g',
      'x'.repeat(5_000),
    ),
  );
  const encode = (id: string) => {
    try {
      return encodeURIComponent(id);
    } catch {
      return ''; // a lone surrogate cannot travel in a URL at all
    }
  };
  return badId
    .map(encode)
    .filter(
      (id) => id.length > 0 && !(route.params as NonNullable<RouteDef['params']>).safeParse({ id }).success,
    )
    .map((id) => ({
      kind: 'invalid id',
      path: base.path.replace(ids[0] as string, id),
      query: base.query,
      body: base.body,
      headers: base.headers,
    }));
}

/** A path parameter other than an id (e.g. `:provider`): its segment replaced by values its schema refuses. */
function namedParamAttempts(route: RouteDef, base: Request): fc.Arbitrary<Attempt> | null {
  const routeSegments = route.path.split('/');
  const index = routeSegments.findIndex((segment) => segment.startsWith(':'));
  if (index < 0) return null;
  const name = (routeSegments[index] as string).slice(1);
  const segments = `/${base.path.replace(/^\/api\//, '').replace(/^\//, '')}`.split('/');
  const schema = route.params as NonNullable<RouteDef['params']>;
  return fc
    .oneof(
      hostileString,
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.constantFrom('0', 'null', 'x'.repeat(5_000)),
    )
    .map((value) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return '';
      }
    })
    .filter((value) => value.length > 0 && !schema.safeParse({ [name]: decodeURIComponent(value) }).success)
    .map((value) => ({
      kind: 'invalid path parameter',
      path: segments.map((segment, i) => (i === index ? value : segment)).join('/'),
      query: base.query,
      body: base.body,
      headers: base.headers,
    }));
}

export function queryAttempts(route: RouteDef, base: Request): fc.Arbitrary<Attempt> | null {
  if (!route.query) return null;
  const schema = route.query as NonNullable<RouteDef['query']>;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  const keys = Object.keys(shape ?? {});
  if (!keys.length) return null;
  const value = fc.oneof(
    hostileString,
    hugeString,
    fc.constantFrom('-1', '1e9', 'NaN', 'Infinity', '0x10', '1.5', '', '{', '{"nope":1}', '[]', 'true'),
  );
  return fc
    .dictionary(fc.constantFrom(...keys), value, { minKeys: 1, maxKeys: 3 })
    .map((changes) => ({ ...(base.query ?? {}), ...changes }))
    .filter((query) => !schema.safeParse(query).success)
    .map((query) => ({
      kind: 'invalid query',
      path: base.path,
      query,
      body: base.body,
      headers: base.headers,
    }));
}

export function uploadAttempts(base: Request): fc.Arbitrary<Attempt> {
  const part = (data: Buffer | string, fields: Record<string, string> = {}, field = 'file') => {
    const form = multipart(fields, { field, name: 'upload.csv', data });
    return { path: base.path, body: form.body, headers: form.headers };
  };
  return fc.oneof(
    fc.constant({
      kind: 'no file',
      ...(() => {
        const form = multipart({ name: 'x' }, null);
        return { path: base.path, body: form.body, headers: form.headers };
      })(),
    }),
    fc.constant({ kind: 'empty file', ...part('') }),
    fc.uint8Array({ minLength: 1, maxLength: 2_000 }).map((bytes) => ({
      kind: 'binary file',
      ...part(Buffer.concat([Buffer.from([0, 0xff, 0xfe, 0]), Buffer.from(bytes)])),
    })),
    fc.constant({ kind: 'header only', ...part('name,website\n') }),
    hostileString.map((name) => ({
      kind: 'wrong field name',
      ...part('name\nA\n', {}, name.slice(0, 20) || 'f'),
    })),
    badValue
      // A blank form field means "not given" (no venture), which is allowed.
      .filter((venture) => !(typeof venture === 'string' && venture.trim() === ''))
      .map((venture) => ({
        kind: 'invalid venture id',
        ...part('name\nA\n', {
          venture_id:
            typeof venture === 'string'
              ? venture.slice(0, 200)
              : (JSON.stringify(venture)?.slice(0, 200) ?? 'x'),
        }),
      })),
    fc.constantFrom('application/json', 'text/plain', 'multipart/form-data').map((type) => ({
      kind: 'not multipart',
      path: base.path,
      body: '{"name":"x"}',
      headers: { 'content-type': type },
    })),
  ) as fc.Arbitrary<Attempt>;
}

// ------------------------------------------------------------------ hostile CSV shapes

/**
 * A CSV built to make reading it slow, and what its upload must answer: a 400 with `refusal` as its message (nothing
 * stored), or a draft whose preview has `columns` headers, `row_count` rows and (when given) these first `rows`.
 */
export interface HostileCsv {
  kind: string;
  data: Buffer;
  refusal?: string;
  accepted?: { columns: number; row_count: number; rows?: string[][] };
}

export function hostileCsvShapes(): HostileCsv[] {
  const names = (count: number, name: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => name(i));
  const longNames = names(1000, (i) => `${i} ${'name '.repeat(200)}`.slice(0, 1000).trim());
  return [
    {
      // The finding: 2.4 MB, 180,000 columns, 4 rows.
      kind: 'wide: 180,000 columns',
      data: Buffer.from(
        `${names(180_000, (i) => `c${i}`).join(',')}\n${`${'1,'.repeat(179_999)}1\n`.repeat(4)}`,
      ),
      refusal:
        'file: The file has 180,000 columns; Argo reads at most 1,000. Remove the columns you do not need and upload again.',
    },
    {
      kind: 'a header cell of 1 MB',
      data: Buffer.from(`name,${'x'.repeat(1024 * 1024)}\nAcme,1\n`),
      refusal:
        'file: The name of column 2 in the header row (line 1) is 1,048,576 characters long; Argo reads names of at most 1,000. Check that the file starts with its header row, shorten that name and upload again.',
    },
    {
      kind: 'a million empty rows before the one business',
      data: Buffer.from(`name,city\n${',\n'.repeat(1_000_000)}Acme,Berlin\n`),
      accepted: { columns: 2, row_count: 1, rows: [['Acme', 'Berlin']] },
    },
    {
      kind: 'a row of 180,000 cells under a header of 2',
      data: Buffer.from(`name,city\nAcme,Berlin,${'1,'.repeat(179_997)}1\nBeta,Paris\n`),
      accepted: {
        columns: 2,
        row_count: 2,
        rows: [
          ['Acme', 'Berlin'],
          ['Beta', 'Paris'],
        ],
      },
    },
    {
      kind: '1,000 columns named with 1,000 characters each',
      data: Buffer.from(`${longNames.join(',')}\n${names(1000, (i) => `v${i}`).join(',')}\n`),
      accepted: { columns: 1000, row_count: 1 },
    },
  ];
}

// ------------------------------------------------------------------ hostile page shapes

/**
 * A web page built to make reading it slow (engine crawl/hostile-html.ts), served at `path`: Argo either refuses it
 * as too complex to read (`tooComplex`) or reads it, up to the fetcher's 2 MB.
 */
export interface HostilePage {
  kind: string;
  path: string;
  html: string;
  tooComplex: boolean;
}

export function hostilePageShapes(): HostilePage[] {
  return [
    { kind: '200,000 nested elements', path: '/deep', html: deepNesting(200_000), tooComplex: true },
    {
      kind: 'a million sibling elements',
      path: '/siblings',
      html: manySiblings(1_000_000),
      tooComplex: true,
    },
    {
      kind: 'one element with 100,000 attributes',
      path: '/attributes',
      html: manyAttributes(100_000),
      tooComplex: true,
    },
    { kind: 'a single line of 20 MB', path: '/line', html: singleLine(20 * 1024 * 1024), tooComplex: false },
  ];
}
