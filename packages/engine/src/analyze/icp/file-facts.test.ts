import { describe, expect, it } from 'vitest';
import { icpCriteria } from '../../../test/icp-criteria';
import { icpFactsFrom } from './facts';
import { employeeCountFromFile, headerWords, isEmployeeHeader } from './file-facts';
import { scoreIcp } from './score';

const ICP = icpCriteria({ employee_min: 10, employee_max: 50 });
const summary = (employees: number | null) => ({
  summary: 'A bakery.',
  services: [],
  industry: 'Food',
  employee_estimate: employees,
  keywords: [],
  source_urls: ['https://bakery.example/about'],
});
const sizeReason = (facts: ReturnType<typeof icpFactsFrom>) =>
  scoreIcp(facts, ICP).reasons.find((r) => r.criterion === 'employee_size');

describe('employee count from an imported file', () => {
  it('recognises the headers people write for a headcount, in several languages, and nothing else', () => {
    for (const header of [
      'EMPLOYEES',
      'Employee count',
      'employee_count',
      'Staff',
      'Headcount',
      'Number of employees',
      'No. of Employees',
      '# Employees',
      'Mitarbeiter',
      'Anzahl Mitarbeiter',
      'Beschäftigte',
      'Employés',
      'Team size',
    ]) {
      expect(isEmployeeHeader(header), header).toBe(true);
    }
    for (const header of ['REVENUE', 'FOUNDED', 'GROWTH', 'employee of the month', 'staff notes', 'people']) {
      expect(isEmployeeHeader(header), header).toBe(false);
    }
    expect(headerWords('  No. of   Employees ')).toBe('no of employees');
  });

  it('takes the first number column with such a header; text, negative and other columns are not counts', () => {
    expect(
      employeeCountFromFile([
        { label: 'REVENUE', value: 1_200_000 },
        { label: 'Employees', value: 'about 20' },
        { label: 'Staff', value: -3 },
        { label: 'Headcount', value: 24.4 },
        { label: 'Mitarbeiter', value: 99 },
      ]),
    ).toEqual({ count: 24, label: 'Headcount' });
    expect(employeeCountFromFile([{ label: 'GROWTH', value: 40 }])).toBeNull();
    expect(employeeCountFromFile(undefined)).toBeNull();
  });

  it('scores the company size from the file when the site states none, and the reason says so', () => {
    const business = { name: 'Bakery', attributes: [{ label: 'EMPLOYEES', value: 24 }] };
    const facts = icpFactsFrom({ business, summary: summary(null) });
    expect(facts.employee_estimate).toBe(24);
    expect(facts.evidence_urls?.employee_estimate).toBeUndefined();
    expect(sizeReason(facts)).toMatchObject({
      matched: true,
      evidence: `24 employees (from the imported file's "EMPLOYEES" column), within 10–50`,
    });
    // Without any enrichment at all too.
    expect(
      sizeReason(icpFactsFrom({ business: { ...business, attributes: [{ label: 'Staff', value: 400 }] } })),
    ).toMatchObject({
      matched: false,
      evidence: expect.stringContaining(`400 employees (from the imported file's "Staff" column), outside`),
    });
  });

  it("keeps the site's own statement when there is one", () => {
    const business = { name: 'Bakery', attributes: [{ label: 'EMPLOYEES', value: 24 }] };
    const facts = icpFactsFrom({ business, summary: summary(200) });
    expect(facts.employee_estimate).toBe(200);
    expect(facts.employee_source).toBeUndefined();
    expect(sizeReason(facts)?.evidence).toBe(
      'about 200 employees (https://bakery.example/about), outside 10–50',
    );
  });
});
