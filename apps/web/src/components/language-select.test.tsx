import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { LanguageSelect } from './language-select';

function renderSelect() {
  render(
    <AppProviders>
      <button type="button">before</button>
      <LanguageSelect />
    </AppProviders>,
  );
  return screen.getByRole('combobox', { name: 'Language' });
}

describe('LanguageSelect', () => {
  it('shows the language and lists each option in its own language only when open', async () => {
    const user = userEvent.setup();
    const combobox = renderSelect();
    expect(combobox.textContent).toBe('English');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();

    await user.click(combobox);
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['English', 'Español']);
    expect(options.map((option) => option.getAttribute('lang'))).toEqual(['en', 'es']);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('option', { name: 'Español' }));
    expect(screen.getByRole('combobox', { name: 'Idioma' }).textContent).toBe('Español');
    expect(screen.queryByRole('option')).toBeNull();
    expect(localStorage.getItem('language')).toBe('sp');
    expect(document.documentElement.lang).toBe('es');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Idioma' }));
  });

  it('works from the keyboard: arrows move, Enter chooses, Escape closes without a change', async () => {
    const user = userEvent.setup();
    const combobox = renderSelect();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(combobox);

    await user.keyboard('{ArrowDown}');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(combobox.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'English' }).id,
    );
    await user.keyboard('{ArrowDown}');
    expect(combobox.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Español' }).id,
    );
    await user.keyboard('{Escape}');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.textContent).toBe('English');

    await user.keyboard('{End}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Idioma' }).textContent).toBe('Español');

    await user.keyboard(' ');
    await user.keyboard('{Home}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Language' }).textContent).toBe('English');
    expect(localStorage.getItem('language')).toBe('en');
  });
});
