import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatIssue, HttpUrl, PageQuery, QueryBoolean } from './common';
import { ImportMappingBody, ScrapeBody } from './discovery';
import { Icp } from './icp';
import { ExportQuery, ResultsQuery } from './results';
import { canDoSessionAction, SESSION_ACTIONS, SESSION_STATUSES, sessionAccessAllows } from './sessions';
import { GrantAccessBody } from './sharing';
import { InviteUserBody } from './users';
import { CreateVentureBody } from './ventures';

const ID = '5f0c6a8e-3b1d-4c2a-9e7f-1a2b3c4d5e6f';

/** The messages the API would put in ErrorBody. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return result.error.issues.map((issue) => formatIssue(issue).message);
}

describe('ICP', () => {
  it('fills every default from an empty object', () => {
    expect(Icp.parse({})).toEqual({
      industries: [],
      locations: [],
      keywords: [],
      exclude_keywords: [],
      employee_min: null,
      employee_max: null,
      software_signals: [],
      hiring_signal: null,
    });
  });

  it('is filled in when a venture is created without one', () => {
    const venture = CreateVentureBody.parse({ name: '  Acme  ', website: 'acme.com', description: '' });
    expect(venture).toMatchObject({ name: 'Acme', website: 'https://acme.com', description: null });
    expect(venture.icp.industries).toEqual([]);
  });

  it('refuses employee_min above employee_max, naming the field', () => {
    expect(messages(Icp, { employee_min: 50, employee_max: 10 })).toEqual([
      'employee_max: must be at least employee_min',
    ]);
  });
});

describe('emails and urls', () => {
  it('trims and lower-cases an email', () => {
    expect(InviteUserBody.parse({ email: '  Ann@Example.COM ' })).toEqual({
      email: 'ann@example.com',
      name: undefined,
      role: 'member',
      venture_ids: [],
    });
  });

  it('rejects a bad email with a message naming the field', () => {
    expect(messages(InviteUserBody, { email: 'not-an-email' })).toEqual([
      'email: must be a valid email address',
    ]);
    expect(messages(InviteUserBody, {})).toEqual(['email: is required']);
  });

  it('accepts web addresses only', () => {
    expect(HttpUrl.parse(' http://example.org/path ')).toBe('http://example.org/path');
    expect(HttpUrl.safeParse('ftp://example.org').success).toBe(false);
  });
});

describe('query strings', () => {
  it('coerces and defaults paging', () => {
    expect(PageQuery.parse({})).toEqual({ page: 0, page_size: 50 });
    expect(PageQuery.parse({ page: '3', page_size: '200' })).toEqual({ page: 3, page_size: 200 });
    expect(messages(PageQuery, { page_size: '201' })).toEqual(['page_size: must be at most 200']);
    expect(messages(PageQuery, { page: 'x' })).toEqual(['page: must be a whole number']);
  });

  it('takes only true/false as booleans', () => {
    expect(QueryBoolean.parse('true')).toBe(true);
    expect(QueryBoolean.parse('false')).toBe(false);
    expect(QueryBoolean.safeParse('0').success).toBe(false);
  });

  it('applies the results defaults', () => {
    expect(ResultsQuery.parse({})).toEqual({ page: 0, pageSize: 50, sortBy: 'id', sortOrder: 'desc' });
    expect(ResultsQuery.parse({ pageSize: '5000', search: '  ' }).pageSize).toBe(5000);
    expect(ResultsQuery.parse({ search: '  ' }).search).toBeUndefined();
  });

  it('parses the filters JSON and reports bad JSON or unknown fields', () => {
    const filters = JSON.stringify({
      city: ['Berlin', 'Hamburg'],
      icp_score: { gte: 60 },
      name: { contains: 'bak' },
    });
    expect(ExportQuery.parse({ filters }).filters).toEqual({
      city: ['Berlin', 'Hamburg'],
      icp_score: { gte: 60 },
      name: { contains: 'bak' },
    });
    expect(messages(ResultsQuery, { filters: '{city:' })).toEqual(['filters: not valid JSON']);
    expect(messages(ResultsQuery, { filters: '{"password":"x"}' })[0]).toMatch(/^filters/);
    expect(messages(ResultsQuery, { sortBy: 'password' })[0]).toMatch(/^sortBy: must be one of id, name/);
  });
});

describe('refinements', () => {
  it('grant-access needs exactly one of user_id and email', () => {
    expect(GrantAccessBody.parse({ user_id: ID })).toEqual({ user_id: ID, access: 'view' });
    expect(messages(GrantAccessBody, {})).toEqual(['user_id: give exactly one of user_id and email']);
    expect(messages(GrantAccessBody, { user_id: ID, email: 'a@b.co' })).toHaveLength(1);
  });

  it('scrape needs a target session and a place', () => {
    const ok = ScrapeBody.parse({ name: 'Dentists', query: 'dentist', location: 'Leipzig' });
    expect(ok.limit).toBe(500);
    expect(messages(ScrapeBody, { query: 'dentist', location: 'Leipzig' })).toEqual([
      'name: is required when session_id is not given',
    ]);
    expect(messages(ScrapeBody, { session_id: ID, query: 'dentist' })).toEqual([
      'location: give a location or a bbox',
    ]);
    expect(messages(ScrapeBody, { session_id: ID, query: 'x', bbox: [52, 13, 51, 14] })).toEqual([
      'bbox: south must be below north',
    ]);
  });

  it('an import mapping must map name', () => {
    expect(messages(ImportMappingBody, { mapping: { city: 'Town' } })).toEqual([
      'mapping: must map a column to name',
    ]);
    expect(messages(ImportMappingBody, { mapping: { name: 'Company', nickname: 'x' } })).toHaveLength(1);
  });
});

describe('session actions', () => {
  it('allows exactly the table of PRODUCT.md', () => {
    expect(Object.keys(SESSION_ACTIONS)).toEqual([...SESSION_STATUSES]);
    expect(canDoSessionAction('draft', 'delete')).toBe(true);
    expect(canDoSessionAction('running', 'delete')).toBe(false);
    expect(canDoSessionAction('failed', 'retry')).toBe(true);
    expect(canDoSessionAction('completed', 'retry')).toBe(false);
    expect(canDoSessionAction('queued', 'cancel')).toBe(true);
    expect(canDoSessionAction('cancelled', 'cancel')).toBe(false);
    for (const status of SESSION_STATUSES) expect(canDoSessionAction(status, 'update')).toBe(true);
  });

  it('lets view read only and keeps delete and share for owner and admin', () => {
    expect(sessionAccessAllows('view', 'update')).toBe(false);
    expect(sessionAccessAllows('edit', 'run')).toBe(true);
    expect(sessionAccessAllows('edit', 'delete')).toBe(false);
    expect(sessionAccessAllows('admin', 'share')).toBe(true);
  });
});
