import type { AttributeColumn } from '@argo/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBusiness } from '../../../testing/factories';
import { mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { attributeFacts, boundsFilter, formatAttribute, jsonLines } from '../attributes';
import { columnsFromView, DEFAULT_COLUMN_ORDER, viewColumnsOf, withAttributeColumns } from '../column-choice';
import { describeFilter } from '../filters';
import { BusinessDrawer } from './BusinessDrawer';
import { FilterPanel } from './FilterPanel';

beforeEach(() => {
  stubIdentityProvider();
});

const COLUMNS: AttributeColumn[] = [
  { key: 'employees', label: 'EMPLOYEES', type: 'number' },
  { key: 'founded', label: 'FOUNDED', type: 'date' },
  { key: 'is_open', label: 'is_open', type: 'boolean' },
  { key: 'neighborhood', label: 'neighborhood', type: 'text' },
  { key: 'revenue', label: 'REVENUE', type: 'number' },
];

const bakery = makeBusiness({
  name: 'Bäckerei Sonne',
  source: 'import',
  sources: [{ source: 'import', source_ref: 'line 2' }],
  attributes: {
    employees: 24,
    founded: '1998-03-01',
    is_open: false,
    neighborhood: 'Altstadt',
    revenue: 1250000,
  },
});

describe('the imported file’s own columns', () => {
  it('formats values by the column type and lists them in file order, empty ones left out', () => {
    expect(formatAttribute({ type: 'number' }, 1998)).toBe('1998');
    expect(formatAttribute({ type: 'number' }, 1250000)).toBe('1,250,000');
    expect(formatAttribute({ type: 'boolean' }, true)).toBe('Yes');
    expect(formatAttribute({ type: 'date' }, '1998-03-01')).toBe('1 Mar 1998');
    expect(formatAttribute({ type: 'text' }, '')).toBeNull();
    expect(
      attributeFacts({ attributes: { neighborhood: 'Altstadt', employees: 3, extra: 'x' } }, COLUMNS).map(
        (fact) => `${fact.label}=${fact.text}`,
      ),
    ).toEqual(['EMPLOYEES=3', 'neighborhood=Altstadt', 'extra=x']);
  });

  it('keeps imported columns in the chosen order and the saved view, and drops those of another session', () => {
    const order = withAttributeColumns(DEFAULT_COLUMN_ORDER, COLUMNS.slice(0, 2));
    expect(order.slice(-2)).toEqual(['attr.employees', 'attr.founded']);
    const restored = columnsFromView(['name', 'city', 'attr.employees']);
    expect(restored.visibility['attr.employees']).toBe(true);
    expect(restored.order.slice(0, 2)).toEqual(['city', 'attr.employees']);
    expect(viewColumnsOf(restored.visibility, restored.order)).toEqual(['name', 'city', 'attr.employees']);
    expect(withAttributeColumns(['city', 'attr.gone'], [])).toEqual(['city']);
  });

  it('turns two bounds into a range filter and names it by the header', () => {
    expect(boundsFilter({ type: 'number' }, { from: '10', to: '' })).toEqual({ gte: 10 });
    expect(boundsFilter({ type: 'date' }, { from: '', to: '2020-01-31' })).toEqual({ lte: '2020-01-31' });
    expect(boundsFilter({ type: 'number' }, { from: ' ', to: '' })).toBeUndefined();
    expect(describeFilter('attr.employees' as 'name', { gte: 10, lte: 50 }, 'EMPLOYEES')).toBe(
      'EMPLOYEES: 10–50',
    );
  });

  it('shows "From your file" in the drawer, label → value', async () => {
    renderPage(<BusinessDrawer business={bakery} onClose={() => {}} attributeColumns={COLUMNS} />);
    const section = await screen.findByRole('region', { name: 'From your file' }, { timeout: 8_000 });
    const text = section.textContent ?? '';
    expect(text).toContain('EMPLOYEES24');
    expect(text).toContain('FOUNDED1 Mar 1998');
    expect(text).toContain('is_openNo');
    expect(text).toContain('REVENUE1,250,000');
    expect(text).toContain('your imported file');
    expect(text.indexOf('EMPLOYEES')).toBeLessThan(text.indexOf('neighborhood'));
  });

  it('reads a JSON value as lines: one per key or item, lists joined', () => {
    expect(jsonLines('{"Friday":["11 AM–2 AM"],"Monday":["11 AM–12 AM","5–9 PM"]}')).toEqual([
      'Friday: 11 AM–2 AM',
      'Monday: 11 AM–12 AM, 5–9 PM',
    ]);
    expect(jsonLines('["vegan", "halal"]')).toEqual(['vegan', 'halal']);
    expect(jsonLines('{"Friday":{"11":44}}')).toEqual(['Friday: {"11":44}']);
    expect(jsonLines('{not json')).toBeNull();
    expect(jsonLines('Altstadt')).toBeNull();
  });

  it('shows a web address in the file as a link, JSON as lines, and never a script URL as a link', async () => {
    const scraped = makeBusiness({
      name: 'The Gyro Shop',
      source: 'import',
      attributes: {
        link: 'https://www.google.com/maps/place/The+Gyro+Shop',
        open_hours: '{"Friday":["11 AM–2 AM"],"Monday":["11 AM–12 AM"]}',
        note: 'javascript:alert(1)',
      },
    });
    renderPage(<BusinessDrawer business={scraped} onClose={() => {}} attributeColumns={[]} />);
    const section = await screen.findByRole('region', { name: 'From your file' }, { timeout: 8_000 });
    expect(
      within(section)
        .getByRole('link', { name: /google\.com\/maps/ })
        .getAttribute('href'),
    ).toBe('https://www.google.com/maps/place/The+Gyro+Shop');
    expect(within(section).getByText('Friday: 11 AM–2 AM')).toBeTruthy();
    expect(within(section).getByText('Monday: 11 AM–12 AM')).toBeTruthy();
    expect(within(section).getByText('javascript:alert(1)').closest('a')).toBeNull();
  });

  it('filters each column by its type: number range, boolean, text contains', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onFiltersChange = vi.fn();
      mockApi({});
      renderPage(
        <FilterPanel
          filters={{ hiring: true }}
          onFiltersChange={onFiltersChange}
          suggestions={{ industries: [], software: [] }}
          attributeColumns={COLUMNS}
        />,
      );
      const from = await screen.findByRole('textbox', { name: 'EMPLOYEES from' }, { timeout: 8_000 });
      fireEvent.change(from, { target: { value: '10' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'EMPLOYEES to' }), { target: { value: '50' } });
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(onFiltersChange).toHaveBeenLastCalledWith({
        hiring: true,
        'attr.employees': { gte: 10, lte: 50 },
      });
      const open = screen.getByRole('radiogroup', { name: 'is_open' });
      fireEvent.click(within(open).getByText('No'));
      expect(onFiltersChange).toHaveBeenLastCalledWith({ hiring: true, 'attr.is_open': false });
      fireEvent.change(screen.getByRole('textbox', { name: 'neighborhood' }), { target: { value: 'alt' } });
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(onFiltersChange).toHaveBeenLastCalledWith({
        hiring: true,
        'attr.neighborhood': { contains: 'alt' },
      });
      expect(screen.getByLabelText('FOUNDED from')).toHaveProperty('type', 'date');
    } finally {
      vi.useRealTimers();
    }
  });
});
