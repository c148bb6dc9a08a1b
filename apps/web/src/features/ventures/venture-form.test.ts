import { describe, expect, it } from 'vitest';
import { toFieldMessage, toFormPath, toFormValues, toVentureBody, ventureFormRules } from './venture-form';

describe('toFormPath', () => {
  it('maps a server field to the input it is about', () => {
    expect(toFormPath('name')).toBe('name');
    expect(toFormPath('icp.employee_min')).toBe('icp.employee_min');
    expect(toFormPath('people.2.linkedin_url')).toBe('people.2.linkedin_url');
    // One tag of a tags input: the whole input.
    expect(toFormPath('icp.industries.3')).toBe('icp.industries');
  });

  it('answers null for fields without an input of their own', () => {
    expect(toFormPath('people.0.id')).toBeNull();
    expect(toFormPath('people')).toBeNull();
    expect(toFormPath('icp')).toBeNull();
    expect(toFormPath(undefined)).toBeNull();
  });
});

describe('toFieldMessage', () => {
  it('drops the field name the API puts first', () => {
    expect(toFieldMessage('people.0.email', 'people.0.email: must be a valid email address')).toBe(
      'Must be a valid email address',
    );
    expect(toFieldMessage('name', 'Pick another name')).toBe('Pick another name');
    expect(toFieldMessage('name', undefined)).toBe('Check this field.');
  });
});

describe('toVentureBody', () => {
  it('sends blanks as null and the hiring choice as true, false or null', () => {
    const values = toFormValues();
    values.name = ' Ledgerly ';
    values.icp.hiring_signal = 'not_hiring';
    values.icp.employee_min = 0;
    expect(toVentureBody(values)).toEqual({
      name: 'Ledgerly',
      website: null,
      description: null,
      value_proposition: null,
      icp: {
        industries: [],
        locations: [],
        keywords: [],
        exclude_keywords: [],
        software_signals: [],
        employee_min: 0,
        employee_max: null,
        hiring_signal: false,
      },
      people: [],
    });
  });
});

describe('the reachable decision-maker criterion', () => {
  it('is read from the venture and sent only when asked for', () => {
    const values = toFormValues();
    values.name = 'Ledgerly';
    expect(values.icp.reachable_decision_maker).toBe(false);
    expect(toVentureBody(values).icp).not.toHaveProperty('reachable_decision_maker');
    values.icp.reachable_decision_maker = true;
    expect(toVentureBody(values).icp).toMatchObject({ reachable_decision_maker: true });
  });
});

describe('ventureFormRules', () => {
  it('tells each field its own length limit before anything is sent', () => {
    expect(ventureFormRules.name('x'.repeat(400))).toBe('Use at most 200 characters (this has 400).');
    expect(ventureFormRules.name('  ')).toBe('Enter the name of the venture.');
    expect(ventureFormRules.name('Bookly')).toBeNull();
    expect(ventureFormRules.description('y'.repeat(5001))).toBe(
      'Use at most 5,000 characters (this has 5,001).',
    );
    expect(ventureFormRules.value_proposition('Fewer no-shows.')).toBeNull();
  });

  it('refuses a website that is no web address, saying what one looks like', () => {
    for (const bad of ['htp:/not a url', 'not a url', 'acme', 'https://acme .com']) {
      expect(ventureFormRules.website(bad), bad).toBe(
        'Enter a web address such as acme.com or https://acme.com.',
      );
    }
    for (const good of ['', 'acme.com', 'https://www.acme.co.uk/pricing', 'http://127.0.0.1:8201/site-1/']) {
      expect(ventureFormRules.website(good), good).toBeNull();
    }
  });
});
