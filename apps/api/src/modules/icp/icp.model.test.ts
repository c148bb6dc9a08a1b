/**
 * The ICP calls with a language model behind a local OpenAI-protocol server, on the seeded session of
 * icp.fixtures.ts (real database): the model writes the overview narrative, names the profiles (the figures stay
 * the built-in segmenting's) and writes content whose claims cite the stored facts; an answer citing a fact that
 * does not exist is rejected and the built-in text is used instead.
 */
import { createOpenAiCompatibleModel } from '@argo/engine';
import { type OpenAiTestServer, startOpenAiTestServer } from '@argo/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAdmin, type TestUser } from '../access/access.fixtures';
import { SEGMENT_SEEDS, type Seeded, seedSession } from './icp.fixtures';

describe('with a language model (local OpenAI-protocol server)', () => {
  let server: OpenAiTestServer;
  let m: TestApp;
  let owner: TestUser;
  let data: Seeded;
  let segmented: Seeded;
  let citeUnknownFact = false;

  beforeAll(async () => {
    server = await startOpenAiTestServer({
      respond: (request) => {
        const schema = request.body.response_format?.json_schema?.name;
        if (schema === 'icp_overview_narrative')
          return { content: { narrative: 'Model: dental practices lead.' } };
        if (schema === 'icp_profiles') {
          const segments = JSON.parse(request.body.messages?.[1]?.content ?? '[]') as { index: number }[];
          return {
            content: {
              profiles: segments.map((s) => ({
                index: s.index,
                name: `Model segment ${s.index}`,
                why: 'Because the figures say so.',
              })),
            },
          };
        }
        if (schema === 'outreach_content') {
          const input = JSON.parse(request.body.messages?.[1]?.content ?? '{}') as {
            kinds: string[];
            facts: { id: string }[];
          };
          const fact = citeUnknownFact ? 'F99' : (input.facts[0]?.id ?? 'F1');
          return {
            content: {
              items: input.kinds.map((kind) => ({
                kind,
                subject: kind === 'cold_email' ? 'Model subject' : null,
                body: `Model ${kind}`,
                claims: [{ text: 'You work in healthcare.', fact_id: fact }],
              })),
            },
          };
        }
        return { content: {} };
      },
    });
    m = await createTestApp(
      {},
      { languageModel: createOpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'local-model' }) },
    );
    owner = await createAdmin(m);
    data = await seedSession(m, owner);
    segmented = await seedSession(m, owner, true, SEGMENT_SEEDS);
  });
  afterAll(async () => {
    await m?.close();
    await server?.close();
  });

  it('the model writes the narrative, names the profiles and writes content that cites the stored facts', async () => {
    const overview = await m.call('POST', '/api/icp/overview', {
      token: owner.token,
      body: { session_id: data.sessionId },
    });
    expect(overview.body).toMatchObject({
      narrative: 'Model: dental practices lead.',
      generated_by: 'model',
    });
    expect(overview.body.by_tier.A).toBe(2);

    const profiles = await m.call('POST', '/api/icp/create_profiles', {
      token: owner.token,
      body: { session_id: segmented.sessionId, count: 3 },
    });
    expect(profiles.status, JSON.stringify(profiles.body)).toBe(200);
    expect(profiles.body.map((p: { name: string }) => p.name)).toEqual([
      'Model segment 0',
      'Model segment 1',
      'Model segment 2',
    ]);
    // The figures stay the built-in segmenting's.
    expect(profiles.body[0]).toMatchObject({
      size: 4,
      generated_by: 'model',
      why: 'Because the figures say so.',
    });

    const businessId = data.ids['Alpha Dental'] as string;
    const content = await m.call('POST', '/api/icp/generate_content', {
      token: owner.token,
      body: { business_id: businessId },
    });
    expect(content.body.generated_by).toBe('model');
    expect(content.body.items[0]).toMatchObject({
      kind: 'cold_email',
      subject: 'Model subject',
      claims: [
        {
          text: 'You work in healthcare.',
          field: 'industry',
          business_id: businessId,
          source_url: 'https://site-0.example/about',
        },
      ],
    });
    const prompt = JSON.parse(server.requests.at(-1)?.body.messages?.[1]?.content ?? '{}');
    // What the business does and where, its hiring and its business tools; how its site is built is no fact.
    expect(prompt.facts.map((f: { field: string }) => f.field)).toEqual([
      'industry',
      'city',
      'hiring',
      'software',
    ]);
    expect(JSON.stringify(prompt)).not.toMatch(/WordPress|jQuery/);
  });

  it('rejects an answer citing a fact that does not exist and uses the built-in text', async () => {
    citeUnknownFact = true;
    const businessId = data.ids['Calm Dental'] as string;
    const content = await m.call('POST', '/api/icp/generate_content', {
      token: owner.token,
      body: { business_id: businessId },
    });
    expect(content.status).toBe(200);
    expect(content.body.generated_by).toBe('builtin');
    expect(content.body.items[0].body).toContain(
      'I came across Calm Dental while looking at healthcare businesses in York.',
    );
    expect(content.body.items[0].body).not.toContain('WordPress');
  });
});
