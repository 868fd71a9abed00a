import { screen, within } from '@testing-library/react';

/** How the picker tests read an open picker dialog. */
export const dialog = () => screen.getByRole('dialog');
export const confirmIn = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定/ });
export const counts = () => screen.getByTestId('picker-counts').textContent?.replace(/\s+/g, '');
export const dataRows = () => within(dialog()).getAllByRole('row').filter((row) => row.getAttribute('data-row-key'));
export const rowOf = (name: string) => dataRows().find((row) => row.textContent?.includes(name))!;
export const checkboxOf = (name: string) => rowOf(name).querySelector<HTMLInputElement>('input[type=checkbox], input[type=radio]')!;
