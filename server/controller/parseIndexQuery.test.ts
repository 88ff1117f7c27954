import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { type IndexOptions, parseIndexInput, parseIndexSearchParams } from './parseIndexQuery';

const OPTIONS: IndexOptions = {
  scopes: ['active', 'recent', 'archived'],
  defaultScopes: ['active'],
  paramScopes: ['search'],
  sortable: ['createdAt', 'name', 'id'],
  defaultSort: { field: 'createdAt', dir: 'desc' },
  filterable: ['status', 'ownerId'],
  perPage: 20,
  maxPerPage: 50,
};

function rest(query: string, options: IndexOptions = OPTIONS) {
  return parseIndexSearchParams(new URLSearchParams(query), options);
}

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** The 400 a REST query string gets, with its `fields`. */
function restError(query: string, options: IndexOptions = OPTIONS) {
  const error = rejection(() => rest(query, options));
  expect(error.status).toBe(400);
  return error;
}

function inputError(input: Record<string, unknown>, options: IndexOptions = OPTIONS) {
  const error = rejection(() => parseIndexInput(input, options));
  expect(error.status).toBe(400);
  return error;
}

describe('defaults', () => {
  it('uses the options when the query is empty', () => {
    expect(rest('')).toEqual({
      page: 1,
      perPage: 20,
      sort: [
        { field: 'createdAt', dir: 'desc' },
        { field: 'id', dir: 'desc' },
      ],
      filter: {},
      scopes: ['active'],
      params: {},
    });
    expect(parseIndexInput({}, OPTIONS)).toEqual(rest(''));
  });

  it('falls back to 25 per page and id ascending without options', () => {
    expect(rest('', {})).toEqual({
      page: 1,
      perPage: 25,
      sort: [{ field: 'id', dir: 'asc' }],
      filter: {},
      scopes: [],
      params: {},
    });
  });

  it('does not repeat id when the default sort is id', () => {
    expect(rest('', { defaultSort: { field: 'id', dir: 'desc' } }).sort).toEqual([{ field: 'id', dir: 'desc' }]);
  });

  it('clamps a default perPage above maxPerPage', () => {
    expect(rest('', { perPage: 500 }).perPage).toBe(100);
  });
});

describe('paging', () => {
  it('reads page and perPage, clamping perPage to maxPerPage', () => {
    expect(rest('page=3&perPage=10')).toMatchObject({ page: 3, perPage: 10 });
    expect(rest('perPage=1000').perPage).toBe(50);
    expect(rest('perPage=1000', {}).perPage).toBe(100);
    expect(rest(`perPage=${'9'.repeat(30)}`).perPage).toBe(50);
    expect(parseIndexInput({ page: 2, perPage: 5 }, OPTIONS)).toMatchObject({ page: 2, perPage: 5 });
    expect(parseIndexInput({ page: '2', perPage: 1e9 }, OPTIONS)).toMatchObject({ page: 2, perPage: 50 });
  });

  it.each([
    'page=0',
    'page=-1',
    'page=1.5',
    'page=abc',
    'page=',
    'page=01',
    'page=1e3',
    'page=%201',
    'page=2147483648',
  ])('rejects %s', (query) => {
    expect(Object.keys(restError(query).fields ?? {})).toEqual(['page']);
  });

  it.each(['perPage=0', 'perPage=-5', 'perPage=2.5', 'perPage=x'])('rejects %s', (query) => {
    expect(Object.keys(restError(query).fields ?? {})).toEqual(['perPage']);
  });

  it.each([{ page: 0 }, { page: 1.5 }, { page: null }, { page: true }, { perPage: -1 }, { perPage: Number.NaN }])(
    'rejects tRPC input %j',
    (input) => {
      inputError(input);
    },
  );
});

describe('sort', () => {
  it('parses the REST form with - for desc and appends the id tie-breaker', () => {
    expect(rest('sort=-createdAt,name').sort).toEqual([
      { field: 'createdAt', dir: 'desc' },
      { field: 'name', dir: 'asc' },
      { field: 'id', dir: 'desc' },
    ]);
    expect(rest('sort=name').sort).toEqual([
      { field: 'name', dir: 'asc' },
      { field: 'id', dir: 'asc' },
    ]);
  });

  it('keeps an explicit id term where the client put it', () => {
    expect(rest('sort=-id,name').sort).toEqual([
      { field: 'id', dir: 'desc' },
      { field: 'name', dir: 'asc' },
    ]);
  });

  it('treats an empty sort as absent', () => {
    expect(rest('sort=').sort).toEqual(rest('').sort);
  });

  it('accepts tRPC terms, the REST string and a missing dir', () => {
    const expected = [
      { field: 'createdAt', dir: 'desc' },
      { field: 'name', dir: 'asc' },
      { field: 'id', dir: 'desc' },
    ];
    const terms = [
      { field: 'createdAt', dir: 'desc' },
      { field: 'name', dir: 'asc' },
    ];
    expect(parseIndexInput({ sort: terms }, OPTIONS).sort).toEqual(expected);
    expect(parseIndexInput({ sort: '-createdAt,name' }, OPTIONS).sort).toEqual(expected);
    expect(parseIndexInput({ sort: [{ field: 'createdAt', dir: 'desc' }, { field: 'name' }] }, OPTIONS).sort).toEqual(
      expected,
    );
  });

  it.each([
    'sort=title',
    'sort=name;drop table x',
    'sort=name)--',
    'sort=-',
    'sort=--name',
    'sort=+name',
    'sort=name,',
    'sort=Name',
    'sort=name%00',
    'sort=__proto__',
  ])('rejects %s naming the problem under fields.sort', (query) => {
    const error = restError(query);
    expect(error.fields?.sort?.[0]).toMatch(/^cannot sort by ".*" \(sortable: createdAt, name, id\)$/);
  });

  it('quotes only a short, printable excerpt of hostile input', () => {
    const hostile = `<script>"${'x'.repeat(5000)}\u0000`;
    const detail = restError(`sort=${encodeURIComponent(hostile)}`).fields?.sort?.[0] ?? '';
    expect(detail).not.toContain('<script>');
    expect(detail).not.toContain('\u0000');
    expect(detail.length).toBeLessThan(120);
  });

  it('rejects duplicate fields, too many terms and a repeated key', () => {
    expect(restError('sort=name,-name').fields).toEqual({ sort: ['must not name a field twice'] });
    const six = { sortable: ['a', 'b', 'c', 'd', 'e', 'f'] };
    expect(rest('sort=a,b,c,d,e', six).sort).toHaveLength(6);
    expect(restError('sort=a,b,c,d,e,f', six).fields).toEqual({ sort: ['must have at most 5 terms'] });
    expect(restError('sort=name&sort=createdAt').fields).toEqual({ sort: ['must be given once'] });
  });

  it('rejects every field when nothing is sortable', () => {
    expect(restError('sort=id', {}).fields?.sort?.[0]).toMatch(/sortable: none/);
  });

  it.each([
    { sort: [{ field: 'name', dir: 'up' }] },
    { sort: [{ field: 'title' }] },
    { sort: [{ dir: 'asc' }] },
    { sort: [null] },
    { sort: [['name']] },
    { sort: { field: 'name' } },
    { sort: 5 },
  ])('rejects tRPC sort %j', (input) => {
    expect(Object.keys(inputError(input).fields ?? {})).toEqual(['sort']);
  });
});

describe('filter', () => {
  it('reads single values and comma lists (IN)', () => {
    expect(rest('filter[status]=draft').filter).toEqual({ status: 'draft' });
    expect(rest('filter[status]=draft,active&filter[ownerId]=7').filter).toEqual({
      status: ['draft', 'active'],
      ownerId: '7',
    });
    expect(rest('filter[status]=').filter).toEqual({ status: '' });
  });

  it('reads tRPC filters, converting numbers and booleans to strings', () => {
    expect(parseIndexInput({ filter: { status: ['draft', 'active'], ownerId: 7 } }, OPTIONS).filter).toEqual({
      status: ['draft', 'active'],
      ownerId: '7',
    });
    expect(parseIndexInput({ filter: { status: true, ownerId: undefined } }, OPTIONS).filter).toEqual({
      status: 'true',
    });
  });

  it.each([
    'filter[title]=x',
    'filter[__proto__]=x',
    'filter[constructor]=x',
    'filter[]=',
    'filter=x',
    'filter[status][x]=1',
    'filter[status]x=1',
    'filter[status=1',
    'filter[Status]=x',
  ])('rejects %s under fields.filter', (query) => {
    expect(Object.keys(restError(query).fields ?? {})).toEqual(['filter']);
  });

  it('never touches Object.prototype', () => {
    restError('filter[__proto__]=polluted');
    const result = parseIndexInput(JSON.parse('{"filter":{"status":"x"}}'), OPTIONS);
    expect(Object.getPrototypeOf(result.filter)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    inputError(JSON.parse('{"filter":{"__proto__":{"polluted":true}}}'));
  });

  it('rejects a repeated filter key', () => {
    expect(restError('filter[status]=a&filter[status]=b').fields).toEqual({ filter: ['must be given once'] });
  });

  it('caps lists at 100 values and values at 1,000 characters', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `v${i}`);
    expect(rest(`filter[status]=${hundred.join(',')}`).filter.status).toHaveLength(100);
    expect(restError(`filter[status]=${[...hundred, 'x'].join(',')}`).fields?.filter?.[0]).toMatch(/at most 100/);
    expect(rest(`filter[status]=${'a'.repeat(1000)}`).filter.status).toHaveLength(1000);
    const long = restError(`filter[status]=${'a'.repeat(100_000)}`);
    expect(long.fields?.filter?.[0]).toMatch(/at most 1000 characters/);
    expect(JSON.stringify(long.toJSON()).length).toBeLessThan(300);
  });

  it('rejects NUL bytes in values', () => {
    expect(restError('filter[status]=dr%00aft').message).toMatch(/U\+0000/);
    inputError({ filter: { status: ['ok', 'a\u0000'] } });
  });

  it.each([
    { filter: 'status' },
    { filter: ['draft'] },
    { filter: null },
    { filter: { status: null } },
    { filter: { status: { $ne: 'x' } } },
    { filter: { status: [] } },
    { filter: { status: [['a']] } },
    { filter: { ownerId: Number.POSITIVE_INFINITY } },
    { filter: { status: Array.from({ length: 101 }, () => 'a') } },
  ])('rejects tRPC filter %j', (input) => {
    expect(Object.keys(inputError(input).fields ?? {})).toEqual(['filter']);
  });
});

describe('scopes', () => {
  it('replaces the default scopes when given, deduplicated', () => {
    expect(rest('scopes=recent,archived').scopes).toEqual(['recent', 'archived']);
    expect(rest('scopes=recent,recent').scopes).toEqual(['recent']);
    expect(rest('scopes=').scopes).toEqual([]);
    expect(parseIndexInput({ scopes: ['recent'] }, OPTIONS).scopes).toEqual(['recent']);
    expect(parseIndexInput({ scopes: 'recent,active' }, OPTIONS).scopes).toEqual(['recent', 'active']);
    expect(parseIndexInput({ scopes: [] }, OPTIONS).scopes).toEqual([]);
  });

  it('returns a copy of the defaults', () => {
    const result = rest('');
    result.scopes.push('x');
    expect(OPTIONS.defaultScopes).toEqual(['active']);
  });

  it.each(['scopes=deleted', 'scopes=active,', 'scopes=active,deleted', 'scopes=a&scopes=b', 'scopes=toString'])(
    'rejects %s',
    (query) => {
      expect(Object.keys(restError(query).fields ?? {})).toEqual(['scopes']);
    },
  );

  it.each([{ scopes: [1] }, { scopes: { active: true } }, { scopes: null }, { scopes: ['deleted'] }])(
    'rejects tRPC scopes %j',
    (input) => {
      expect(Object.keys(inputError(input).fields ?? {})).toEqual(['scopes']);
    },
  );
});

describe('param scopes', () => {
  it('passes each declared param scope through as a string', () => {
    expect(rest('search=spring%20sale&other=ignored').params).toEqual({ search: 'spring sale' });
    expect(parseIndexInput({ search: 'spring', other: 'x' }, OPTIONS).params).toEqual({ search: 'spring' });
    expect(parseIndexInput({ search: 2024 }, OPTIONS).params).toEqual({ search: '2024' });
  });

  it('rejects repeats, non-strings, NUL and very long values under the param name', () => {
    expect(restError('search=a&search=b').fields).toEqual({ search: ['must be given once'] });
    expect(inputError({ search: ['a'] }).fields).toEqual({ search: ['must be a string'] });
    expect(Object.keys(restError('search=a%00').fields ?? {})).toEqual(['search']);
    expect(Object.keys(restError(`search=${'q'.repeat(1001)}`).fields ?? {})).toEqual(['search']);
  });

  it('does not let a param scope named like a reserved key shadow it', () => {
    const options = { ...OPTIONS, paramScopes: ['page', 'search'] };
    expect(rest('page=2', options)).toMatchObject({ page: 2, params: {} });
  });
});

describe('REST extras', () => {
  it('ignores unknown keys, even repeated ones', () => {
    expect(rest('utm=a&utm=b&filters=x&Page=0')).toEqual(rest(''));
  });

  it('reads a full query string', () => {
    expect(rest('page=2&perPage=10&sort=-name&filter[status]=draft,active&scopes=recent&search=x')).toEqual({
      page: 2,
      perPage: 10,
      sort: [
        { field: 'name', dir: 'desc' },
        { field: 'id', dir: 'desc' },
      ],
      filter: { status: ['draft', 'active'] },
      scopes: ['recent'],
      params: { search: 'x' },
    });
  });
});
