import { describe, expect, it } from 'vitest';
import { list, plain } from '../../src/components/diagrams/words';

// How the diagrams join a list of items (a caption's "`?` `&` และ `#`"): the locale's own
// conjunction, with a space between a joiner word and an item, which CLDR's Thai pattern
// leaves out ("aและb").
const joined = (locale: Parameters<typeof list>[0], items: string[]) =>
  plain(
    list(
      locale,
      items.map((code) => ({ code })),
    ),
  );

describe('list', () => {
  it('puts a space on each side of the Thai joiner', () => {
    expect(joined('th', ['&', '#'])).toBe('& และ #');
    expect(joined('th', ['?', '&', '#'])).toBe('? & และ #');
  });

  it('keeps the other locales as CLDR writes them, Hindi without the serial comma', () => {
    expect(joined('en', ['?', '&', '#'])).toBe('?, &, and #');
    expect(joined('uk', ['?', '&', '#'])).toBe('?, & і #');
    expect(joined('hi', ['?', '&', '#'])).toBe('?, & और #');
    expect(joined('en', ['&', '#'])).toBe('& and #');
  });
});
