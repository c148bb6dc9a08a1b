import { INDUSTRIES } from '@argo/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { closedFilter, closedOf, describeFilter } from '../filters';
import { FilterPanel, industryChoices } from './FilterPanel';

beforeEach(() => {
  stubIdentityProvider();
});

describe('industry filter', () => {
  it('offers the fixed taxonomy first, then other values the results hold', () => {
    const choices = industryChoices(['Food & Beverage', 'Dental', 'Food & Beverage']);
    expect(choices.slice(0, INDUSTRIES.length)).toEqual([...INDUSTRIES]);
    expect(choices.slice(INDUSTRIES.length)).toEqual(['Food & Beverage']);
  });

  it('lists the taxonomy in the dropdown and filters by the value picked', async () => {
    const onFiltersChange = vi.fn();
    mockApi({});
    renderPage(
      <FilterPanel
        filters={undefined}
        onFiltersChange={onFiltersChange}
        suggestions={{ industries: [], software: [] }}
      />,
    );
    const input = await screen.findByRole('combobox', { name: 'Industry' }, { timeout: 8_000 });
    fireEvent.focus(input);
    fireEvent.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Pets & animal care' })).toBeTruthy();
    expect(within(listbox).getAllByRole('option')).toHaveLength(INDUSTRIES.length);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Software & IT services' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ industry: 'Software & IT services' });
  });
});

describe('closed businesses filter', () => {
  it('maps hide / show / only to the is_closed filter', () => {
    expect(closedFilter('hide')).toBe(false);
    expect(closedFilter('show')).toBeUndefined();
    expect(closedFilter('only')).toBe(true);
    expect(closedOf(undefined)).toBe('show');
    expect(closedOf({ is_closed: false })).toBe('hide');
    expect(closedOf({ is_closed: true, city: { contains: 'Trier' } })).toBe('only');
    expect(describeFilter('is_closed', true)).toBe('Closed businesses only');
  });

  it('offers Hide, Show and Only, showing by default, and sets the filter picked', async () => {
    const onFiltersChange = vi.fn();
    mockApi({});
    renderPage(
      <FilterPanel
        filters={{ hiring: true }}
        onFiltersChange={onFiltersChange}
        suggestions={{ industries: [], software: [] }}
      />,
    );
    const control = await screen.findByRole('radiogroup', { name: 'Closed businesses' }, { timeout: 8_000 });
    const show = within(control).getByRole('radio', { name: 'Show' }) as HTMLInputElement;
    expect(show.checked).toBe(true);
    fireEvent.click(within(control).getByText('Only'));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ hiring: true, is_closed: true });
    fireEvent.click(within(control).getByText('Hide'));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ hiring: true, is_closed: false });
  });
});
