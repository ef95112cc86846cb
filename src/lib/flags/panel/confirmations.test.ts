import { describe, expect, it } from 'vitest';
import { flagRegistry } from '../registry';
import { offConfirmation, undoConfirmation } from './confirmations';
import type { FlagChange } from './flag-change-queries';

const change = (overrides: Partial<FlagChange>): FlagChange => ({
  id: 7,
  flag_name: 'products',
  field: 'enabled',
  old_enabled: true,
  new_enabled: false,
  old_description: null,
  new_description: null,
  changed_by_email: 'admin@example.com',
  source: 'portal',
  reason: null,
  undoes_change_id: null,
  changed_at: '2025-04-28T12:00:00Z',
  ...overrides,
});

describe('offConfirmation', () => {
  it('names what visitors lose, in plain words', () => {
    expect(offConfirmation({ name: 'products', description: null })).toEqual({
      title: 'Hide the Products section and the catalogue pages from the public site?',
      description:
        'The products section leaves the home page, its links leave the navigation and the footer, and the catalogue pages answer "page not found" in both languages.',
      confirmLabel: 'Switch off',
      hides: true,
    });
    expect(offConfirmation({ name: 'teams', description: null })?.title).toBe(
      'Hide the Teams page from the public site?',
    );
  });

  it('asks for every flag that hides something visitors see, and for none that does not', () => {
    for (const meta of flagRegistry) {
      expect(offConfirmation({ name: meta.name, description: null }) !== null, meta.name).toBe(meta.hides !== null);
    }
    expect(offConfirmation({ name: 'domain_failover', description: null })).toBeNull();
  });

  it('asks for a flag the registry does not know, since nobody can say what it hides', () => {
    expect(offConfirmation({ name: 'seasonal_banner', description: 'Winter offers.' })).toMatchObject({
      title: 'Switch off Seasonal Banner?',
      description: 'Winter offers.',
    });
  });
});

describe('undoConfirmation', () => {
  it('says the value goes back, and what it hides when that value is Off', () => {
    expect(undoConfirmation(change({ old_enabled: true, new_enabled: false })).description).toBe(
      'Products goes back to On.',
    );
    const off = undoConfirmation(change({ old_enabled: false, new_enabled: true }));
    expect(off.description).toMatch(
      /^Products goes back to Off: this hides the Products section and the catalogue pages from the public site\./,
    );
    expect(off.hides).toBe(true);
  });

  it('quotes the description a description change replaced', () => {
    expect(
      undoConfirmation(change({ field: 'description', old_description: 'Old words.', new_description: 'New words.' }))
        .description,
    ).toBe('The description of Products goes back to “Old words.”.');
    expect(undoConfirmation(change({ field: 'description', old_description: null })).description).toBe(
      'The description of Products is removed, as it was before.',
    );
  });
});
