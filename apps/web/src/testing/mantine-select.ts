import { act, fireEvent, screen, within } from '@testing-library/react';

/** Opens a Mantine Select and picks an option. */
export async function choose(select: HTMLElement, option: string) {
  act(() => select.focus());
  fireEvent.click(select);
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
}
