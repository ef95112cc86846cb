import { describe, expect, it } from 'vitest';
import { isFiltered, leadFiltersSearch, NO_FILTERS, parseLeadFilters } from './lead-filters';

const parse = (query: string) => parseLeadFilters(new URLSearchParams(query));

describe('the Leads page filters in the URL', () => {
  it('read every filter', () => {
    expect(parse('form=b2b&language=fr&consent=not-given&outcome=failed&spam=include&page=3')).toEqual({
      form: 'b2b_request',
      language: 'fr',
      consent: false,
      outcome: 'failed',
      spam: 'include',
      page: 3,
    });
    expect(parse('form=contact&consent=given&outcome=not_sent&spam=only')).toMatchObject({
      form: 'contact',
      consent: true,
      outcome: 'not_sent',
      spam: 'only',
    });
  });

  it('are off when absent, unknown or malformed', () => {
    expect(parse('')).toEqual(NO_FILTERS);
    expect(parse('form=b2b_request&language=de&consent=yes&outcome=lost&spam=hide&page=0')).toEqual(NO_FILTERS);
    for (const page of ['-1', '1.5', 'x', '1e9', '']) expect(parse(`page=${page}`).page, page).toBe(1);
  });

  it('round-trip, writing only what narrows the list', () => {
    const query = 'form=b2b&language=en&consent=given&outcome=rejected&spam=only&page=2';
    expect(leadFiltersSearch(parse(query)).toString()).toBe(query);
    expect(leadFiltersSearch(NO_FILTERS).toString()).toBe('');
  });

  it('say whether the list is narrowed, the page aside', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, page: 4 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, spam: 'include' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, consent: false })).toBe(true);
  });
});
