import { describe, expect, it } from 'vitest';
import { icpCriteria } from '../../../test/icp-criteria';
import { decisionMakersFrom, type IcpPeopleFacts, icpFactsFrom } from './facts';
import { scoreIcp } from './score';

const ICP = icpCriteria({ industries: ['bakery'], reachable_decision_maker: true });
const business = { name: 'Bäckerei Sonne', category: 'Bakery' };
const imprint = 'https://sonne.example/impressum';
const team = 'https://sonne.example/team';

const person = (over: Partial<IcpPeopleFacts['people'][number]>) => ({
  name: 'Anna Berg',
  role: 'Inhaberin',
  seniority: 'owner_founder',
  email: null,
  phone: null,
  source_url: imprint,
  ...over,
});

const reasonOf = (people: IcpPeopleFacts | null) =>
  scoreIcp(icpFactsFrom({ business, people }), ICP).reasons.find(
    (r) => r.criterion === 'reachable_decision_maker',
  );

describe('ICP: a reachable decision-maker', () => {
  it('earns full points for an owner with their own address, naming them and the page', () => {
    const reason = reasonOf({ people: [person({ email: 'anna@sonne.example' })] });
    expect(reason).toMatchObject({ matched: true, weight: 28.6, points: 28.6 });
    expect(reason?.evidence).toBe(`Anna Berg (Inhaberin): anna@sonne.example (${imprint})`);
  });

  it('counts a classified address whose local part spells the name, and a phone', () => {
    const byEmail = reasonOf({
      people: [person({})],
      emails: [
        { email: 'info@sonne.example', kind: 'role', person: null },
        { email: 'a.berg@sonne.example', kind: 'personal', person: 'Anna Berg' },
      ],
    });
    expect(byEmail?.evidence).toContain('a.berg@sonne.example');
    expect(reasonOf({ people: [person({ phone: '+4930123456' })] })?.points).toBe(28.6);
  });

  it('gives half for a decision-maker named without any way to reach them', () => {
    const reason = reasonOf({ people: [person({})] });
    expect(reason).toMatchObject({ matched: true, points: 14.3 });
    expect(reason?.evidence).toContain('no email or phone of theirs');
  });

  it('does not count staff, a domain without mail servers, or a suppressed address', () => {
    expect(reasonOf({ people: [person({ seniority: 'staff', email: 'lea@sonne.example' })] })).toMatchObject({
      matched: false,
      points: 0,
    });
    const noMx = {
      people: [person({ email: 'anna@sonne.example' })],
      mx: [{ domain: 'sonne.example', status: 'none' }],
    };
    expect(reasonOf(noMx)?.points).toBe(14.3);
    const suppressed = decisionMakersFrom({ people: [person({ email: 'anna@sonne.example' })] }, (e) =>
      e.endsWith('@sonne.example'),
    );
    expect(suppressed[0]?.email).toBeNull();
  });

  it('puts a reachable executive before an owner nobody can reach', () => {
    const makers = decisionMakersFrom({
      people: [
        person({}),
        person({
          name: 'Jonas Weber',
          role: 'Geschäftsführer',
          seniority: 'executive',
          email: 'jw@sonne.example',
          source_url: team,
        }),
      ],
    });
    expect(makers.map((m) => m.name)).toEqual(['Jonas Weber', 'Anna Berg']);
  });

  it('says when people were not analysed, and is left out when the ICP does not ask for it', () => {
    expect(reasonOf(null)?.evidence).toBe('people not analysed yet; wanted a reachable decision-maker');
    const { reachable_decision_maker: _, ...withoutIt } = ICP;
    const reasons = scoreIcp(icpFactsFrom({ business, people: { people: [] } }), withoutIt).reasons;
    expect(reasons.map((r) => r.criterion)).toEqual(['industries']);
  });
});
